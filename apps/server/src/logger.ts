import type { Config } from './config.ts';

const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof order, 'silent'>;

export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/** One line per entry, JSON in production (for a log collector) and readable text elsewhere. */
export function createLogger(level: Config['logLevel'], json: boolean): Logger {
  const write = (entryLevel: Level) => (message: string, details?: Record<string, unknown>) => {
    if (order[entryLevel] < order[level]) return;
    const stream = entryLevel === 'error' || entryLevel === 'warn' ? process.stderr : process.stdout;
    if (json) {
      stream.write(`${JSON.stringify({ time: new Date().toISOString(), level: entryLevel, message, ...details })}\n`);
    } else {
      const extra = details ? ` ${JSON.stringify(details)}` : '';
      stream.write(`[${entryLevel}] ${message}${extra}\n`);
    }
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
