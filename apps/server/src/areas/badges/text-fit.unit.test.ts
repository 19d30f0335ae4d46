import { describe, expect, it } from 'vitest';
import { fitText, type FitBox } from './text-fit.ts';

// Every character 0.5 em wide: a text's width at size 1 is half its length.
const measure = (text: string) => [...text].length / 2;
const widest = (lines: string[], size: number) => Math.max(...lines.map((line) => measure(line) * size));

describe('fitText', () => {
  const box: FitBox = { width: 100, maxSize: 20, minSize: 8, maxLines: 2 };

  it('keeps a short text at the largest size, on one line', () => {
    expect(fitText('Ada King', measure, box)).toEqual({ size: 20, lines: ['Ada King'] });
  });

  it('wraps between words before it shrinks, and shrinks before it cuts', () => {
    expect(fitText('Ada King Lovelace', measure, box)).toEqual({ size: 20, lines: ['Ada King', 'Lovelace'] });
    const fitted = fitText('Augusta Ada King Countess of Lovelace', measure, box);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.size).toBeLessThan(20);
    expect(widest(fitted.lines, fitted.size)).toBeLessThanOrEqual(100);
  });

  it('breaks after a hyphen, and inside a word too wide for a line', () => {
    expect(fitText('Żółtowski-Brzęczyszczykiewicz', measure, { ...box, maxSize: 8 }).lines).toEqual(['Żółtowski-', 'Brzęczyszczykiewicz']);
    const fitted = fitText('x'.repeat(40), measure, { ...box, maxSize: 8, maxLines: 3 });
    expect(fitted.lines.join('')).toBe('x'.repeat(40));
    expect(widest(fitted.lines, 8)).toBeLessThanOrEqual(100);
  });

  it('cuts what still does not fit at the smallest size with an ellipsis, never past the box', () => {
    const fitted = fitText('word '.repeat(60).trim(), measure, box);
    expect(fitted.size).toBe(8);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[1]!.endsWith('…')).toBe(true);
    expect(widest(fitted.lines, 8)).toBeLessThanOrEqual(100);
  });

  it('has no lines for no text', () => {
    expect(fitText('', measure, box).lines).toEqual([]);
  });
});
