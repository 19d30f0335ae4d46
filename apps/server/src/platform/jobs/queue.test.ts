import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations, type DatabaseHandle } from '../db/client.ts';
import type { Logger } from '../../logger.ts';
import { startJobQueue, type JobQueue } from './queue.ts';

/**
 * The queue itself, on PGlite and (TEST_DATABASE_URL) PostgreSQL. Two queues on one database and one schema stand
 * for two server processes: each job runs in one of them, once.
 */
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const policy = { limit: 2, delaySeconds: 1, expireSeconds: 30 };

let handle: DatabaseHandle;
let first: JobQueue;
let second: JobQueue;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL; // migrated by global-setup
  handle = await openDatabase({ url });
  if (!url) await runMigrations(handle);
  const schema = `jobs_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  first = await startJobQueue(handle, quiet, { schema, pollingSeconds: 0.5 });
  second = await startJobQueue(handle, quiet, { schema, pollingSeconds: 0.5 });
});
afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await handle?.close();
});

describe('the job queue', () => {
  it('runs each job once across processes, retries a failed try with backoff, and runs nothing of a rollback', async () => {
    const runs: Array<{ n: number; by: string; retryCount: number }> = [];
    const failedOnce = new Set<number>();
    const handler = (by: string) => async (job: { data: { n: number }; retryCount: number }) => {
      // Every fifth job fails its first try, as a mail server that hangs up would make it.
      if (job.data.n % 5 === 0 && !failedOnce.has(job.data.n)) {
        failedOnce.add(job.data.n);
        throw new Error('the first try of this job fails');
      }
      // A job takes a while, as a delivery does: the other process polls meanwhile and takes its share.
      await new Promise((resolve) => setTimeout(resolve, 250));
      runs.push({ n: job.data.n, by, retryCount: job.retryCount });
    };
    await first.work('count', policy, handler('first'));
    await second.work('count', policy, handler('second'));

    await expect(first.enqueue(handle.db, 'nobody-works-this', { n: 0 })).rejects.toThrow(/no worker/);
    await expect(
      handle.db.transaction(async (tx) => {
        for (let n = 1000; n < 1005; n += 1) await first.enqueue(tx, 'count', { n });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    for (let n = 0; n < 40; n += 1) {
      await handle.db.transaction((tx) => (n % 2 ? first : second).enqueue(tx, 'count', { n }));
    }
    await first.drained(60_000);

    expect(runs.map((run) => run.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(runs.filter((run) => run.n % 5 === 0).every((run) => run.retryCount === 1)).toBe(true);
    expect(new Set(runs.map((run) => run.by))).toEqual(new Set(['first', 'second']));
    expect(await first.health()).toEqual({ waiting: 0, active: 0, failedLastDay: 0, deadLettered: 0 });
  }, 60_000);

  it('holds a job with a start time until then', async () => {
    const ran: number[] = [];
    await first.work<{ at: number }>('later', policy, async (job) => {
      ran.push(Date.now() - job.data.at);
    });
    const at = Date.now();
    await first.enqueue(handle.db, 'later', { at }, { startAfter: new Date(at + 2_000) });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(ran).toEqual([]);
    expect((await first.health()).waiting).toBe(1);
    await first.drained(10_000);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toBeGreaterThanOrEqual(2_000);
  }, 30_000);
});
