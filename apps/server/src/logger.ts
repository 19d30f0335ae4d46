import { pino, stdTimeFunctions, type DestinationStream } from 'pino';
import { PinoPretty } from 'pino-pretty';
import type { Config } from './config.ts';

export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/**
 * Keys whose values never reach the log, at the top of an entry's details or one level down (`headers.cookie`): a
 * caller that passes a whole object along by mistake still leaks no credential (pino's redact, decision 0175).
 */
const SECRET_KEYS = ['authorization', 'cookie', 'set-cookie', 'password', 'token', 'secret', 'apiKey', 'x-api-key'];
const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => [`["${key}"]`, `*["${key}"]`]);

export interface LoggerOptions {
  /** Where the lines go: standard output unless given (tests capture them). */
  destination?: DestinationStream;
}

/**
 * One line per entry through pino: JSON in production (for a log collector), readable text elsewhere. The rest of
 * the code keeps its `log.info(message, details)` calls; this adapts them to pino's `(details, message)`.
 */
export function createLogger(level: Config['logLevel'], json: boolean, options: LoggerOptions = {}): Logger {
  // Synchronous: a line written just before process.exit (a failed start, the shutdown) is not lost.
  const destination = options.destination ?? (json ? pino.destination({ sync: true }) : PinoPretty({ sync: true, ignore: 'pid,hostname' }));
  const base = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination,
  );
  const write = (entryLevel: keyof Logger) => (message: string, details?: Record<string, unknown>) => base[entryLevel](details ?? {}, message);
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
