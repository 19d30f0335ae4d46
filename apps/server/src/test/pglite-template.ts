import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, runMigrations } from '../platform/db/client.ts';

/** The variable through which the API tests' workers find the migrated template (set by global-setup). */
export const PGLITE_TEMPLATE_VARIABLE = 'MINGLE_TEST_PGLITE_TEMPLATE';

/**
 * One embedded database, migrated once, as an archive each test file opens a copy of. Creating an empty PGlite runs
 * its initdb and then every migration, about 5 s of CPU per test file on a 2-core machine; opening the archive takes
 * about 1 s. Answers the archive's path and `remove()`.
 */
export async function migratedPgliteTemplate(): Promise<{ file: string; remove(): void }> {
  const handle = await openDatabase({});
  await runMigrations(handle);
  const archive = await handle.dump!();
  await handle.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'mingle-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
