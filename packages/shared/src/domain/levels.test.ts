import { describe, expect, it } from 'vitest';
import { levelForPoints, levelInfo, pointsToNextLevel } from './levels.ts';

describe('levels (spec 01 table)', () => {
  it('reaches each level at its threshold', () => {
    expect(levelForPoints(0).name).toBe('Novice');
    expect(levelForPoints(99).level).toBe(1);
    expect(levelForPoints(100).name).toBe('Connector');
    expect(levelForPoints(250).name).toBe('Networker');
    expect(levelForPoints(500).name).toBe('Expert');
    expect(levelForPoints(999).level).toBe(4);
    expect(levelForPoints(1000).name).toBe('Master');
    expect(levelForPoints(50_000).level).toBe(5);
  });

  it('counts the points to the next level, none at the top', () => {
    expect(pointsToNextLevel(40)).toBe(60);
    expect(pointsToNextLevel(100)).toBe(150);
    expect(pointsToNextLevel(1000)).toBeNull();
  });

  it('falls back to level 1 for an unknown level', () => {
    expect(levelInfo(3).name).toBe('Networker');
    expect(levelInfo(9).name).toBe('Novice');
  });
});
