import { describe, expect, it } from 'vitest';
import { FALLBACK_SLUG, SLUG_PATTERN, slugify, slugWithSuffix } from './slug.ts';

describe('slugify (spec 02 Auto-generate rule)', () => {
  it('lower-cases, drops other characters and turns spaces into hyphens', () => {
    expect(slugify('Demo Summit 2026')).toBe('demo-summit-2026');
    expect(slugify('AI & Data: The Future!')).toBe('ai-data-the-future');
    expect(slugify('already-hyphenated name')).toBe('already-hyphenated-name');
  });

  it('folds accents, collapses runs and trims hyphens', () => {
    expect(slugify('Café  Révolution')).toBe('cafe-revolution');
    expect(slugify('  --Hello -- World--  ')).toBe('hello-world');
  });

  it('falls back when nothing usable is left, and keeps within the length', () => {
    expect(slugify('🎉🎉')).toBe(FALLBACK_SLUG);
    expect(slugify('東京サミット')).toBe(FALLBACK_SLUG);
    const long = slugify('word '.repeat(50));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('-')).toBe(false);
  });

  it('always matches the slug pattern, suffix included', () => {
    for (const name of ['Demo Summit', 'x', '***', 'Über Event 2026 — Berlin']) {
      expect(slugify(name)).toMatch(SLUG_PATTERN);
      expect(slugWithSuffix(slugify(name))).toMatch(SLUG_PATTERN);
    }
    expect(slugWithSuffix('summit', () => 0.5)).toBe('summit-iiiii');
  });
});
