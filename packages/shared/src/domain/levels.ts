import { LEVELS } from '../core/constants.ts';

export type Level = (typeof LEVELS)[number];

/** The level a points total reaches (spec 01: thresholds 100, 250, 500, 1000). */
export function levelForPoints(points: number): Level {
  let reached: Level = LEVELS[0];
  for (const level of LEVELS) {
    const previous = LEVELS[level.level - 2];
    if (!previous || points >= (previous.nextAt ?? Infinity)) reached = level;
  }
  return reached;
}

/** A level by number; an unknown level falls back to 1 (spec 01). */
export function levelInfo(level: number): Level {
  return LEVELS.find((candidate) => candidate.level === level) ?? LEVELS[0];
}

/** Points still needed for the next level; null at the top. */
export function pointsToNextLevel(points: number): number | null {
  const next = levelForPoints(points).nextAt;
  return next === null ? null : Math.max(next - points, 0);
}
