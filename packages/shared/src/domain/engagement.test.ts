import { describe, expect, it } from 'vitest';
import { engagementRate } from './engagement.ts';

describe('engagementRate', () => {
  it('is engagements divided by registrations, rounded to one decimal', () => {
    expect(engagementRate(10, 4)).toBe(2.5);
    expect(engagementRate(1, 3)).toBe(0.3);
    expect(engagementRate(2, 3)).toBe(0.7);
    expect(engagementRate(7, 7)).toBe(1);
    expect(engagementRate(0, 5)).toBe(0);
  });

  it('is 0 without registrations', () => {
    expect(engagementRate(12, 0)).toBe(0);
    expect(engagementRate(0, 0)).toBe(0);
  });
});
