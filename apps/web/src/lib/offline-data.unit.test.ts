import { describe, expect, it } from 'vitest';
import { laterDate } from './offline-data';

describe('laterDate (the offline mark\'s last sync)', () => {
  it('takes the first answer\'s Date as the last sync', () => {
    expect(laterDate(null, 'Thu, 26 Nov 2026 09:42:00 GMT')).toBe('2026-11-26T09:42:00.000Z');
  });

  it('moves on with a newer answer from the server', () => {
    expect(laterDate('2026-11-26T09:42:00.000Z', 'Thu, 26 Nov 2026 10:05:30 GMT')).toBe('2026-11-26T10:05:30.000Z');
  });

  it('stays when the service worker answers from its cache with an older Date', () => {
    expect(laterDate('2026-11-26T10:05:30.000Z', 'Thu, 26 Nov 2026 09:42:00 GMT')).toBe('2026-11-26T10:05:30.000Z');
  });

  it('ignores an answer without a readable Date', () => {
    expect(laterDate('2026-11-26T10:05:30.000Z', null)).toBe('2026-11-26T10:05:30.000Z');
    expect(laterDate(null, 'not a date')).toBeNull();
  });
});
