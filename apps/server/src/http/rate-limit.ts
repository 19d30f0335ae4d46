import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/auth.ts';
import { tooManyRequests } from './errors.ts';

export interface RateLimit {
  /** Counts one use for the key; throws a 429 HttpError when the key has used up its window. */
  consume(key: string): Promise<{ remaining: number }>;
  /** What is left for the key without using any. */
  remaining(key: string): Promise<number>;
}

/**
 * A fixed-window limit kept in the database (rate-limiter-flexible's Drizzle store: one atomic upsert),
 * so every server process counts against the same window.
 */
export function createRateLimit(
  db: Database,
  options: { prefix: string; points: number; windowSeconds: number; message?: string },
): RateLimit {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: options.prefix,
    points: options.points,
    duration: options.windowSeconds,
    clearExpiredByTimeout: false,
  });
  return {
    async consume(key) {
      try {
        const result = await limiter.consume(key);
        return { remaining: result.remainingPoints };
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyRequests(options.message);
        throw error;
      }
    },
    async remaining(key) {
      const result = await limiter.get(key);
      return result ? result.remainingPoints : options.points;
    },
  };
}
