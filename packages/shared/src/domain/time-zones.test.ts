import { describe, expect, it } from 'vitest';
import { fromWallTime, toWallTime, zoneOffsetMinutes } from './time-zones.ts';

describe('wall times in a time zone', () => {
  it('reads a wall time in winter and in summer, daylight saving included', () => {
    expect(fromWallTime('2026-01-15T09:00', 'Europe/London')?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(fromWallTime('2026-07-15T09:00', 'Europe/London')?.toISOString()).toBe('2026-07-15T08:00:00.000Z');
    expect(fromWallTime('2026-07-15T09:00', 'America/New_York')?.toISOString()).toBe('2026-07-15T13:00:00.000Z');
    expect(fromWallTime('2026-01-15T09:00', 'Asia/Kolkata')?.toISOString()).toBe('2026-01-15T03:30:00.000Z');
    expect(fromWallTime('2026-01-15T09:00', 'Australia/Sydney')?.toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(fromWallTime('2026-01-15T09:00', 'UTC')?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
  });

  it('shows an instant as the wall time of a zone, and round-trips', () => {
    expect(toWallTime('2026-07-15T08:00:00.000Z', 'Europe/London')).toBe('2026-07-15T09:00');
    expect(toWallTime('2026-01-14T22:00:00.000Z', 'Australia/Sydney')).toBe('2026-01-15T09:00');
    for (const zone of ['Europe/Paris', 'America/Los_Angeles', 'Asia/Tokyo', 'Asia/Dubai']) {
      const instant = fromWallTime('2026-03-29T10:30', zone)!;
      expect(toWallTime(instant, zone)).toBe('2026-03-29T10:30');
    }
  });

  it('knows offsets, and refuses malformed values', () => {
    expect(zoneOffsetMinutes(new Date('2026-07-01T00:00:00Z'), 'Europe/Berlin')).toBe(120);
    expect(zoneOffsetMinutes(new Date('2026-01-01T00:00:00Z'), 'America/Denver')).toBe(-420);
    expect(fromWallTime('2026-13-01T09:00', 'UTC')).toBeNull();
    expect(fromWallTime('tomorrow', 'UTC')).toBeNull();
  });

  it('reads a time skipped by the spring change as after the jump', () => {
    // London skips 01:00-02:00 on 29 March 2026.
    const instant = fromWallTime('2026-03-29T01:30', 'Europe/London')!;
    expect(instant.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});
