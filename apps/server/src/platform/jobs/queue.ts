import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle, DbOrTx } from '../db/client.ts';
import type { Logger } from '../../logger.ts';

/** How a queue retries: `limit` retries after the first try, the n-th after about `delaySeconds` * 2^n (decision 0159). */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  /** How long one try may run before the queue counts it failed and retries it. */
  expireSeconds: number;
}

export interface Job<T> {
  id: string;
  data: T;
  /** The tries made before this one. */
  retryCount: number;
  /** True when a failure of this try is final: the job then goes to the dead letters, not back to the queue. */
  lastTry: boolean;
}

/** Handles one job: returning completes it; throwing retries it (or, after the last try, dead-letters it). */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/**
 * Handles the jobs of one fetch together (one query for all of them, say). Answers the jobs that failed, by job id,
 * with their errors: those are retried (or dead-lettered), the others complete. Throwing fails them all.
 */
export type BatchHandler<T> = (jobs: Array<Job<T>>) => Promise<Map<string, unknown>>;

export interface QueueHealth {
  /** Jobs waiting to run, including those waiting for their next retry. */
  waiting: number;
  active: number;
  /** Tries that failed for good in the last 24 hours. */
  failedLastDay: number;
  /** Jobs whose last try failed, kept in the dead-letter queues for a person to look at. */
  deadLettered: number;
}

export interface EnqueueOptions {
  /** Not before this time (a reminder before a session, a digest later): the job waits in the queue till then. */
  startAfter?: Date;
  /**
   * At most one job of this key per window of `singletonSeconds` (pg-boss's singleton slots): a second enqueue in the
   * same window is dropped and answers null (a digest that several writes ask for).
   */
  singleton?: { key: string; seconds: number };
}

export interface JobQueue {
  /**
   * Writes a job through `tx`, the caller's Drizzle transaction (or its database handle): it runs only if that
   * transaction commits, and is not lost once it has. The queue must have a worker (`work`) in this process.
   */
  enqueue<T extends object>(tx: DbOrTx, name: string, data: T, options?: EnqueueOptions): Promise<string | null>;
  /** `enqueue` of several jobs of one queue, in one statement. */
  enqueueMany<T extends object>(tx: DbOrTx, name: string, items: T[]): Promise<void>;
  /** Creates the queue with its retry policy and dead-letter queue, and works its jobs in this process. */
  work<T>(name: string, policy: RetryPolicy, handler: JobHandler<T>): Promise<void>;
  /** `work`, with the jobs of each fetch handed over together. */
  workBatch<T>(name: string, policy: RetryPolicy, handler: BatchHandler<T>): Promise<void>;
  /**
   * Sends queue `name` (which has its worker) an empty job on the cron schedule `cron`, in UTC: pg-boss's own
   * scheduler, which makes one job per tick whatever the number of processes.
   */
  schedule(name: string, cron: string): Promise<void>;
  /** The schedules `schedule` made, by queue. */
  schedules(): Promise<Array<{ name: string; cron: string }>>;
  /**
   * Resolves once no job is waiting or running (tests; a job waiting for a retry or its start time counts as
   * waiting), in queue `name` only when given (the mail, while digests wait their 15 minutes).
   */
  drained(timeoutMs?: number, name?: string): Promise<void>;
  health(): Promise<QueueHealth>;
  /**
   * Stops fetching, lets running jobs finish (up to `timeoutMs`), then stops: the graceful stop of SIGTERM (decision
   * 0179). A job still running at the timeout is failed by pg-boss and retried by another process; waiting jobs stay.
   */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  /** The PostgreSQL schema of the queue's tables; tests sharing one database each take their own. */
  schema?: string;
  /** How often an idle worker asks for jobs. */
  pollingSeconds?: number;
}

const DEAD_SUFFIX = '-dead';
/** Our queues' jobs: not the dead letters, not pg-boss's own (its scheduler's `__pgboss__send-it`). */
const ours = `right(name, ${DEAD_SUFFIX.length}) <> '${DEAD_SUFFIX}' and left(name, 10) <> '__pgboss__'`;
/**
 * Workers per queue in a process, each taking up to BATCH_SIZE jobs in one fetch and running them side by side: at
 * most 20 jobs of a queue at once. A batch saves a fetch and a completion per job (decision 0162); each job is still
 * settled by its own handler's outcome (a failed one is failed alone, pg-boss completes the rest).
 */
const WORKERS_PER_QUEUE = 2;
const BATCH_SIZE = 10;

/** A failed try's error as the job's output (what pg-boss keeps of an error its own handler call throws). */
function failureOutput(error: unknown): object {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { value: String(error) };
}

/**
 * pg-boss's `db` option: its SQL with `$n` values, run as Drizzle SQL on `tx`, so that the job's insert is part of
 * the caller's transaction (on PGlite too, where a second connection does not exist).
 */
function throughDrizzle(tx: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        // sql.param: a value as it is (a plain template would spread an array into a list of values).
        chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(values[Number(match[1]) - 1] ?? null)}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      return (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
    },
  };
}

/** Starts pg-boss on the server's database (installing or migrating its schema), in every server process. */
export async function startJobQueue(database: DatabaseHandle, log: Logger, options: JobQueueOptions = {}): Promise<JobQueue> {
  const schema = options.schema ?? 'pgboss';
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.query(text, values) },
    schema,
    // No cron schedules yet; maintenance (expiring stuck tries, archiving old jobs) runs in one process at a time.
    // The scheduler (`schedule` below): its clock and cron checks run in every process, one of them sends each tick.
    schedule: true,
    supervise: true,
  });
  boss.on('error', (error: Error) => log.error('jobs: queue error', { error: error.message }));
  await boss.start();
  const queues = new Set<string>();

  async function count(statement: string): Promise<number> {
    const { rows } = await database.query(statement);
    return Number((rows[0] as { count: string | number }).count);
  }

  const jobs: JobQueue = {
    async enqueue(tx, name, data, { startAfter, singleton } = {}) {
      if (!queues.has(name)) throw new Error(`jobs: no worker for queue "${name}"`);
      const id = await boss.send(name, data, {
        db: throughDrizzle(tx),
        ...(startAfter ? { startAfter } : {}),
        ...(singleton ? { singletonKey: singleton.key, singletonSeconds: singleton.seconds } : {}),
      });
      if (!id && !singleton) throw new Error(`jobs: queue "${name}" did not take the job`);
      return id;
    },

    async enqueueMany(tx, name, items) {
      if (!queues.has(name)) throw new Error(`jobs: no worker for queue "${name}"`);
      if (items.length > 0) await boss.insert(items.map((data) => ({ name, data })), { db: throughDrizzle(tx) });
    },

    async workBatch<T>(name: string, policy: RetryPolicy, handler: BatchHandler<T>) {
      const deadLetter = `${name}${DEAD_SUFFIX}`;
      const settings = {
        retryLimit: policy.limit,
        retryDelay: policy.delaySeconds,
        retryBackoff: true,
        expireInSeconds: policy.expireSeconds,
        deadLetter,
      };
      await boss.createQueue(deadLetter);
      await boss.createQueue(name, { name, ...settings });
      // createQueue keeps an existing queue as it is: a changed policy reaches it here.
      await boss.updateQueue(name, { name, ...settings });
      queues.add(name);
      for (let worker = 0; worker < WORKERS_PER_QUEUE; worker += 1) {
        let workerId = '';
        workerId = await boss.work<T>(
          name,
          { batchSize: BATCH_SIZE, includeMetadata: true, pollingIntervalSeconds: options.pollingSeconds ?? 1 },
          async (batch) => {
            // A full batch says more may wait: ask again as soon as these settle. After a partial one the worker waits
            // for the polling interval, so that under a steady trickle (a scan a few milliseconds) batches fill up
            // rather than each fetch taking one job.
            if (batch.length === BATCH_SIZE) boss.notifyWorker(workerId);
            if (batch.length === 0) return;
            const failures = await handler(
              batch.map((job) => ({ id: job.id, data: job.data, retryCount: job.retryCount, lastTry: job.retryCount >= job.retryLimit })),
            );
            // Failed one by one, before pg-boss completes the batch: its completion passes over jobs no longer active.
            await Promise.all([...failures].map(([id, error]) => boss.fail(name, id, failureOutput(error))));
          },
        );
      }
    },

    async work<T>(name: string, policy: RetryPolicy, handler: JobHandler<T>) {
      await jobs.workBatch<T>(name, policy, async (batch) => {
        const failures = new Map<string, unknown>();
        await Promise.all(batch.map((job) => handler(job).catch((error: unknown) => void failures.set(job.id, error))));
        return failures;
      });
    },

    async schedule(name, cron) {
      if (!queues.has(name)) throw new Error(`jobs: no worker for queue "${name}"`);
      await boss.schedule(name, cron);
    },

    async schedules() {
      return (await boss.getSchedules()).map(({ name, cron }) => ({ name, cron }));
    },

    async drained(timeoutMs = 30_000, name?: string) {
      const deadline = Date.now() + timeoutMs;
      if (name !== undefined && !queues.has(name)) throw new Error(`jobs: no worker for queue "${name}"`);
      // A worked queue's name is one of ours (checked above), so it is safe in the statement.
      const only = name === undefined ? '' : ` and name = '${name}'`;
      const statement = `select count(*) from ${schema}.job where state < 'completed' and ${ours}${only}`;
      while ((await count(statement)) > 0) {
        if (Date.now() > deadline) throw new Error(`jobs: queue not drained after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },

    async health() {
      const failedSince = `state = 'failed' and completed_on > now() - interval '24 hours' and ${ours}`;
      const [waiting, active, failedNow, failedArchived, deadLettered] = await Promise.all([
        count(`select count(*) from ${schema}.job where state in ('created', 'retry') and ${ours}`),
        count(`select count(*) from ${schema}.job where state = 'active' and ${ours}`),
        count(`select count(*) from ${schema}.job where ${failedSince}`),
        count(`select count(*) from ${schema}.archive where ${failedSince}`),
        count(`select count(*) from ${schema}.job where state = 'created' and right(name, ${DEAD_SUFFIX.length}) = '${DEAD_SUFFIX}'`),
      ]);
      return { waiting, active, failedLastDay: failedNow + failedArchived, deadLettered };
    },

    async stop(timeoutMs = 20_000) {
      // pg-boss's own pool is not used (close has nothing to close): the database handle closes after.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
  };
  return jobs;
}
