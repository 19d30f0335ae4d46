import pg from 'pg';
import { openDatabase, runMigrations } from '../platform/db/client.ts';

/**
 * A fresh database beside the one `baseUrl` names (same PostgreSQL server), migrated unless `migrate` is false (a
 * test of start-up, migrations or a restore wants it empty): its URL, and `drop()` to remove it. For a test run
 * (global-setup) or a test file that must not share tables with any other.
 */
export async function ownPostgresDatabase(
  baseUrl: string,
  prefix: string,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  if (migrate) {
    const handle = await openDatabase({ url: url.toString() });
    await runMigrations(handle);
    await handle.close();
  }
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
