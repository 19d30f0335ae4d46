import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';

/**
 * Work that must happen only once a transaction's changes are committed, for side effects the database cannot hold
 * back itself (a Redis PUBLISH, unlike NOTIFY, goes out at once and cannot be rolled back).
 *
 * `trackCommits` wraps the handle's `transaction` once, so every transaction opened anywhere gets a list: tasks queued
 * with `afterCommit(tx, …)` run in queue order after the outermost COMMIT succeeds, and are dropped if it fails or
 * rolls back. A savepoint (`tx.transaction`) has a list of its own, handed to its parent when it is released and
 * dropped when it is rolled back, so work of a rolled-back savepoint never runs even if the outer transaction commits.
 */

/** Must not reject: it runs after the commit, when the caller's change has happened and can only be reported. */
export type AfterCommitTask = () => Promise<void>;

// Structural types, not client.ts's Database and Tx: client.ts installs this wrapper, so this file cannot import it.
/** drizzle's `transaction`, of the database or, for a savepoint, of a transaction. */
type Transact = <T>(run: (tx: Transactional) => Promise<T>, config?: unknown) => Promise<T>;
interface Transactional {
  transaction: Transact;
}

const queues = new WeakMap<object, AfterCommitTask[]>();

function tracking(open: Transact, settle: (tasks: AfterCommitTask[]) => Promise<unknown> | void): Transact {
  return async (run, config) => {
    const tasks: AfterCommitTask[] = [];
    const result = await open(async (tx) => {
      queues.set(tx, tasks);
      const openSavepoint = tx.transaction.bind(tx);
      tx.transaction = tracking(openSavepoint, (released) => {
        tasks.push(...released);
      });
      return run(tx);
    }, config);
    await settle(tasks);
    return result;
  };
}

/** Gives every transaction of `db` an after-commit list (called once, by openDatabase). */
export function trackCommits(db: { transaction: unknown }): void {
  const database = db as Transactional;
  const open = database.transaction.bind(database);
  // Started in queue order, so tasks that write to one connection (a publisher) send in that order.
  database.transaction = tracking(open, (tasks) => Promise.all(tasks.map((task) => task())));
}

/**
 * Runs `task` once `through` commits, or at once when `through` is no transaction. The caller's transaction resolves
 * only after its tasks have run.
 */
export function afterCommit(through: object, task: AfterCommitTask): Promise<void> {
  if (!is(through, PgTransaction)) return task();
  const tasks = queues.get(through);
  // Better to fail loudly than to run it now and announce a change that may still roll back.
  if (!tasks) throw new Error('afterCommit: this transaction was not opened through a tracked database handle');
  tasks.push(task);
  return Promise.resolve();
}
