import { describe, expect, it } from 'vitest';
import { badgeText, timeAgo } from './format';

describe('badgeText', () => {
  it('counts to nine, then says 9+', () => {
    expect([1, 9, 10, 250].map(badgeText)).toEqual(['1', '9', '9+', '9+']);
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');
  const ago = (seconds: number) => timeAgo(new Date(now - seconds * 1000).toISOString(), now);
  it('says how long ago within a week, then the date', () => {
    expect(ago(10)).toBe('just now');
    expect(ago(5 * 60)).toBe('5 min. ago');
    expect(ago(3 * 3600)).toBe('3 hr. ago');
    expect(ago(26 * 3600)).toBe('yesterday');
    expect(ago(3 * 86400)).toBe('3 days ago');
    expect(ago(30 * 86400)).not.toMatch(/ago/);
  });
});
