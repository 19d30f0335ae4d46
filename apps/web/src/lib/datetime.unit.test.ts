import { describe, expect, it } from 'vitest';
import { formatTimeSpan } from './datetime';

// ICU spaces its output with narrow and thin no-break spaces, which vary between versions: compare words, not spaces.
const plain = (text: string) => text.replace(/\s+/g, ' ');

// 23:00 to 00:30 UTC: one evening in New York, across midnight in London, the next morning in Tokyo.
const start = '2026-11-24T23:00:00.000Z';
const end = '2026-11-25T00:30:00.000Z';

describe('formatTimeSpan', () => {
  it('names the date once and the zone when both ends fall on one day', () => {
    expect(plain(formatTimeSpan(start, end, 'America/New_York', 'en-US'))).toBe('Tue, Nov 24, 2026, 6:00 – 7:30 PM EST');
    expect(plain(formatTimeSpan(start, end, 'Asia/Tokyo', 'en-US'))).toBe('Wed, Nov 25, 2026, 8:00 – 9:30 AM GMT+9');
  });

  it('reads like a calendar across midnight: each end with its own day, never numeric dates', () => {
    const text = plain(formatTimeSpan(start, end, 'UTC', 'en-US'));
    expect(text).toBe('Tue, Nov 24, 2026, 11:00 PM UTC – Wed, Nov 25, 2026, 12:30 AM UTC');
    expect(text).not.toMatch(/\d+\/\d+\/\d+/);
  });

  it("follows the viewer's locale: order, words and clock", () => {
    expect(plain(formatTimeSpan(start, end, 'Europe/London', 'en-GB'))).toBe('Tue, 24 Nov 2026, 23:00 GMT – Wed, 25 Nov 2026, 00:30 GMT');
    expect(plain(formatTimeSpan(start, end, 'Europe/Berlin', 'de-DE'))).toBe('Mi., 25. Nov. 2026, 00:00–01:30 Uhr MEZ');
  });
});
