import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ownPostgresDatabase } from './own-database.ts';
import { migratedPgliteTemplate, PGLITE_TEMPLATE_VARIABLE } from './pglite-template.ts';
import { listSpawnedServers } from './spawned-servers.ts';

/**
 * Builds the compiled server. On PostgreSQL (TEST_DATABASE_URL set), every run gets a fresh database of its own, migrated once and
 * dropped afterwards, so runs never see each other's rows or an older schema. On PGlite each test file opens its own
 * in-memory database (see harness.ts), a copy of one migrated here once (pglite-template.ts).
 */
export default async function setup() {
  // The tests that start the server as its own process (test/spawn-server.ts) run the compiled one, as `npm start`.
  const build = spawnSync(process.execPath, [path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build.mjs')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the server did not build:\n${build.stdout}${build.stderr}`);
  const stopLeftoverServers = listSpawnedServers();
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const template = await migratedPgliteTemplate();
    process.env[PGLITE_TEMPLATE_VARIABLE] = template.file;
    return () => {
      stopLeftoverServers();
      template.remove();
    };
  }
  const database = await ownPostgresDatabase(baseUrl, 'mingle_test');
  process.env.TEST_DATABASE_URL = database.url;
  return async () => {
    stopLeftoverServers();
    await database.drop();
  };
}
