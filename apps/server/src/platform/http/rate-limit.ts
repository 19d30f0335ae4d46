import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/auth.ts';
import { tooManyRequests } from './errors.ts';

export interface RateLimit {
  /** Counts one use (or `uses`) for the key; throws a 429 HttpError when the key has used up its window. */
  consume(key: string, uses?: number): Promise<{ remaining: number }>;
  /** What is left for the key without using any. */
  remaining(key: string): Promise<number>;
}

type RateLimitOptions = { prefix: string; points: number; windowSeconds: number; message?: string };

/** The limits made so far, per database (a test server or the running one) and key prefix. */
const shared = new WeakMap<Database, Map<string, RateLimit>>();

/**
 * The one limit of this database under `options.prefix`, made on first use: for services that are plain functions
 * (no factory to hold a limiter), so each does not keep its own per-database cache. The counters live in the
 * database either way; this only saves building the limiter again on every request.
 */
export function rateLimitFor(db: Database, options: RateLimitOptions): RateLimit {
  let byPrefix = shared.get(db);
  if (!byPrefix) shared.set(db, (byPrefix = new Map()));
  let limit = byPrefix.get(options.prefix);
  if (!limit) byPrefix.set(options.prefix, (limit = createRateLimit(db, options)));
  return limit;
}

/**
 * A fixed-window limit kept in the database (rate-limiter-flexible's Drizzle store: one atomic upsert),
 * so every server process counts against the same window.
 */
export function createRateLimit(db: Database, options: RateLimitOptions): RateLimit {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: options.prefix,
    points: options.points,
    duration: options.windowSeconds,
    clearExpiredByTimeout: false,
  });
  return {
    async consume(key, uses = 1) {
      try {
        const result = await limiter.consume(key, uses);
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
