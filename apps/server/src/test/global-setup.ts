import pg from 'pg';
import { openDatabase, runMigrations } from '../db/client.ts';

/**
 * On PostgreSQL (TEST_DATABASE_URL set), every run gets a fresh database of its own, migrated once and
 * dropped afterwards, so runs never see each other's rows or an older schema. On PGlite each test file
 * opens its own in-memory database (see harness.ts) and nothing is needed here.
 */
export default async function setup() {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return;
  const name = `mingle_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
  const handle = await openDatabase({ url: url.toString() });
  await runMigrations(handle);
  await handle.close();

  return async () => {
    const cleanup = new pg.Client({ connectionString: baseUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
}
