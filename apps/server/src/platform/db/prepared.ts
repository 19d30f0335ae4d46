import type { DbOrTx } from './client.ts';

/**
 * A query that every request runs (the caller's session, their relation to an event), built by Drizzle once per
 * database handle and prepared on PostgreSQL under its name: neither Drizzle nor the planner works on it again.
 * `build` must give the same SQL text every time (only placeholders vary), as a named statement requires.
 * A transaction handle gets its own, built on first use.
 */
export function preparedQuery<Query>(name: string, build: (db: DbOrTx) => { prepare(name: string): Query }): (db: DbOrTx) => Query {
  const byDatabase = new WeakMap<DbOrTx, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) byDatabase.set(db, (query = build(db).prepare(name)));
    return query;
  };
}
