import { sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';
import { runMigrations, selectRows } from './client.ts';
import * as schema from './schema.ts';
import { events, eventVolunteers } from './schema/events.ts';

const server = useTestServer();

const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
);

// Runs on PGlite and, in the PostgreSQL pass, on a real server: the committed SQL matches the schema on both.
describe('migrations', () => {
  it('create every table and column of the schema', async () => {
    const rows = await selectRows<{ table_name: string; column_name: string }>(
      server.ctx.db,
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    const present = new Set(rows.map((row) => `${row.table_name}.${row.column_name}`));
    expect(tables.length).toBeGreaterThan(25);
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        // Columns without an explicit name take their key in snake_case (drizzle.config casing).
        const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
        expect(present).toContain(`${config.name}.${name}`);
      }
    }
  });

  it('can run again on a migrated database without changing anything', async () => {
    await expect(runMigrations(server.ctx.database)).resolves.toBeUndefined();
  });

  it('enforce the constraints the data model promises', async () => {
    const db = server.ctx.db;
    const owner = await createUser(server.ctx);
    const volunteer = await createUser(server.ctx);
    const attempt = (statement: SQL) => db.execute(statement).then(() => 'accepted', () => 'refused');

    expect(await attempt(sql`insert into user_roles (user_id, role) values (${owner.id}, 'pirate')`)).toBe('refused');
    const [event] = await db
      .insert(events)
      .values({ name: 'Constraint Fest', slug: `constraint-${owner.id}`, startDate: new Date(Date.now() + 3_600_000), endDate: new Date(Date.now() + 7_200_000), createdBy: owner.id })
      .returning({ id: events.id });
    await db.insert(eventVolunteers).values({ eventId: event!.id, userId: volunteer.id, allocatedGoodies: 1 });
    const give = sql`update event_volunteers set distributed_goodies = distributed_goodies + 1 where event_id = ${event!.id}`;
    expect(await attempt(give)).toBe('accepted');
    // Goodies distributed can never pass the allocation, whatever the code above the database does.
    expect(await attempt(give)).toBe('refused');
    expect(await attempt(sql`insert into event_volunteers (event_id, user_id) values (${event!.id}, ${volunteer.id})`)).toBe('refused');
    const [low, high] = [owner.id, volunteer.id].sort();
    expect(await attempt(sql`insert into user_connections (user_id_1, user_id_2, connection_type) values (${high}, ${low}, 'qr_scan')`)).toBe('refused');
    expect(await attempt(sql`insert into user_connections (user_id_1, user_id_2, connection_type) values (${low}, ${high}, 'qr_scan')`)).toBe('accepted');
    expect(await attempt(sql`insert into user_connections (user_id_1, user_id_2, connection_type) values (${low}, ${high}, 'qr_scan')`)).toBe('refused');
    expect(await attempt(sql`update events set end_date = start_date where id = ${event!.id}`)).toBe('refused');
  });
});
