import { describe, expect, it } from 'vitest';
import { conflictingIds } from './schedule.ts';

const span = (id: string, start: string, end: string) => ({ id, startTime: `2026-05-01T${start}:00Z`, endTime: `2026-05-01T${end}:00Z` });

describe('conflictingIds', () => {
  it('marks overlapping sessions, not touching ones', () => {
    const ids = conflictingIds([span('a', '09:00', '10:00'), span('b', '10:00', '11:00'), span('c', '10:30', '11:30')]);
    expect([...ids].sort()).toEqual(['b', 'c']);
  });

  it('finds a long session overlapping a later one past a short one', () => {
    const ids = conflictingIds([span('long', '09:00', '13:00'), span('short', '09:00', '09:30'), span('late', '12:00', '12:30')]);
    expect([...ids].sort()).toEqual(['late', 'long', 'short']);
  });

  it('is empty without overlaps', () => {
    expect(conflictingIds([]).size).toBe(0);
    expect(conflictingIds([span('a', '09:00', '10:00'), span('b', '11:00', '12:00')]).size).toBe(0);
  });
});
