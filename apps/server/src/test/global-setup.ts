import { ownPostgresDatabase } from './own-database.ts';

/**
 * On PostgreSQL (TEST_DATABASE_URL set), every run gets a fresh database of its own, migrated once and
 * dropped afterwards, so runs never see each other's rows or an older schema. On PGlite each test file
 * opens its own in-memory database (see harness.ts) and nothing is needed here.
 */
export default async function setup() {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return;
  const database = await ownPostgresDatabase(baseUrl, 'mingle_test');
  process.env.TEST_DATABASE_URL = database.url;
  return () => database.drop();
}
