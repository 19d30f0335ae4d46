import { describe, expect, it } from 'vitest';
import { quickRetrySeconds, retryDelaySeconds } from './delivery.ts';

describe('the webhook retry schedule', () => {
  it('tries again a second after a failure, then waits 30 s, 2 min, 8 min, 32 min and 2 h 8 min in the queue', () => {
    expect(quickRetrySeconds(30)).toBe(1);
    // After the n-th failed try, the wait before the next one (the second try is the quick one).
    expect([2, 3, 4, 5, 6].map((failed) => retryDelaySeconds(30, failed))).toEqual([30, 120, 480, 1920, 7680]);
    const total = quickRetrySeconds(30) + [2, 3, 4, 5, 6].reduce((sum, failed) => sum + retryDelaySeconds(30, failed), 0);
    expect(total / 3600).toBeCloseTo(2.83, 1);
  });

  it('keeps a shortened base short (tests, the benchmark)', () => {
    expect(quickRetrySeconds(0.05)).toBe(0.05);
    expect(retryDelaySeconds(0.5, 2)).toBe(0.5);
  });
});
