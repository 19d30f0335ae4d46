import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

// The logger (decision 0175): pino behind the `log.info(message, details)` the code calls.

function capture(level: Parameters<typeof createLogger>[0]) {
  const written: string[] = [];
  const log = createLogger(level, true, { destination: { write: (text: string) => void written.push(text) } });
  return { log, lines: () => written.map((text) => JSON.parse(text) as Record<string, unknown>) };
}

describe('the logger', () => {
  it('writes one JSON line per entry with its level, time, message and details, from its level up', () => {
    const { log, lines } = capture('info');
    log.debug('not written');
    log.info('mail: sent', { id: 'm-1' });
    log.error('jobs: queue error', { error: 'boom' });
    expect(lines()).toEqual([
      expect.objectContaining({ level: 'info', msg: 'mail: sent', id: 'm-1', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }),
      expect.objectContaining({ level: 'error', msg: 'jobs: queue error', error: 'boom' }),
    ]);
  });

  it('blanks credentials a caller passes along, at the top of the details or one level down', () => {
    const { log, lines } = capture('debug');
    log.warn('outbound call failed', {
      password: 'hunter2',
      token: 'tok',
      headers: { authorization: 'Bearer abc', cookie: 'mingle.session_token=xyz', 'x-api-key': 'key', accept: 'application/json' },
    });
    const [line] = lines();
    expect(line).toMatchObject({ password: '[redacted]', token: '[redacted]', headers: { authorization: '[redacted]', cookie: '[redacted]', 'x-api-key': '[redacted]', accept: 'application/json' } });
    expect(JSON.stringify(line)).not.toMatch(/hunter2|abc|xyz|"key"/);
  });

  it('writes nothing when silent', () => {
    const { log, lines } = capture('silent');
    log.error('never');
    expect(lines()).toEqual([]);
  });
});
