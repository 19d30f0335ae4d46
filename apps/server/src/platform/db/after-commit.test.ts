import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from './after-commit.ts';
import { openDatabase, selectRows, type DatabaseHandle } from './client.ts';

describe('after-commit tasks', () => {
  let handle: DatabaseHandle;
  // A table of this file's own: on PostgreSQL other test files share the database.
  const table = sql.identifier(`after_commit_${randomUUID().replaceAll('-', '')}`);
  beforeAll(async () => {
    handle = await openDatabase({ url: process.env.TEST_DATABASE_URL });
    await handle.db.execute(sql`create table ${table} (name text not null)`);
  });
  afterAll(async () => {
    await handle.db.execute(sql`drop table ${table}`);
    await handle.close();
  });

  const names = async () => (await selectRows<{ name: string }>(handle.db, sql`select name from ${table}`)).map((row) => row.name);

  it('runs the tasks of a committed transaction once, in order, after the commit', async () => {
    const ran: string[] = [];
    const seen: string[][] = [];
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ${table} values ('committed')`);
      for (const name of ['first', 'second', 'third']) {
        await afterCommit(tx, async () => {
          ran.push(name);
          // Read outside the transaction: the row is there only once it is committed.
          if (name === 'first') seen.push(await names());
        });
      }
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['first', 'second', 'third']);
    expect(seen).toEqual([['committed']]);
  });

  it('drops the tasks of a transaction that rolls back', async () => {
    const ran: string[] = [];
    await expect(
      handle.db.transaction(async (tx) => {
        await afterCommit(tx, async () => {
          ran.push('rolled back');
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await expect(
      handle.db.transaction(async (tx) => {
        await afterCommit(tx, async () => {
          ran.push('rolled back by tx.rollback()');
        });
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(ran).toEqual([]);
  });

  it("drops a rolled-back savepoint's tasks and keeps a released one's, in queue order", async () => {
    const ran: string[] = [];
    const queue = (through: Parameters<typeof afterCommit>[0], name: string) =>
      afterCommit(through, async () => {
        ran.push(name);
      });
    await handle.db.transaction(async (tx) => {
      await queue(tx, 'outer before');
      await tx.transaction(async (savepoint) => {
        await queue(savepoint, 'released');
        await savepoint.transaction(async (inner) => queue(inner, 'released inside released'));
      });
      await expect(
        tx.transaction(async (savepoint) => {
          await queue(savepoint, 'rolled back');
          throw new Error('savepoint rollback');
        }),
      ).rejects.toThrow('savepoint rollback');
      await queue(tx, 'outer after');
    });
    expect(ran).toEqual(['outer before', 'released', 'released inside released', 'outer after']);
  });

  it("drops a released savepoint's tasks when the outer transaction rolls back", async () => {
    const ran: string[] = [];
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.transaction(async (savepoint) =>
          afterCommit(savepoint, async () => {
            ran.push('released, then rolled back with its parent');
          }),
        );
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(ran).toEqual([]);
  });

  it('runs a task at once outside a transaction', async () => {
    const ran: string[] = [];
    await afterCommit(handle.db, async () => {
      ran.push('now');
    });
    expect(ran).toEqual(['now']);
  });
});
