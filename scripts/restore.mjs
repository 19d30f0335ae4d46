// `npm run restore -- <archive> [--force]`: puts back what backup.mjs saved, into the database DATABASE_URL names
// (pg_restore's SQL through psql, in one transaction) or into DATA_DIR/pglite, and DATA_DIR's uploads and secrets. It
// refuses a target that has data unless --force, and a target a running embedded server holds even then. Nothing is
// left half-restored: everything is unpacked and loaded beside the target first (a fresh PGlite directory), then
// swapped in by renames.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as tar from 'tar';
import {
  ARCHIVE_FORMAT,
  BackupError,
  DATA_ENTRIES,
  holdPgliteDir,
  isNonEmptyDir,
  openPglite,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  queryServer,
  run,
  target,
  toolOutput,
} from './backup-kit.mjs';

await run(async () => {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length !== 1) throw new BackupError('usage: npm run restore -- <backup archive> [--force]');
  const archive = path.resolve(positionals[0]);
  if (!existsSync(archive)) throw new BackupError(`no such backup: ${archive}`);
  const { dataDir, pgliteDir, databaseUrl } = target();
  mkdirSync(dataDir, { recursive: true });
  const release = databaseUrl ? () => undefined : holdPgliteDir(pgliteDir);
  // Inside DATA_DIR, so that the renames that swap the restored files in stay on one file system.
  const staging = mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    await tar.extract({ file: archive, cwd: staging }).catch((error) => {
      throw new BackupError(`${archive} is not a readable backup archive: ${error.message}`);
    });
    const manifest = readManifest(staging);
    const swaps = manifest.data.map((entry) => [path.join(staging, 'data', entry), path.join(dataDir, entry)]);
    if (manifest.database === 'postgres') {
      if (!databaseUrl) throw new BackupError('this backup is of a PostgreSQL database: set DATABASE_URL to the database to restore into.');
      if (!values.force) await refuseFilledServer(databaseUrl);
      refuseFilledDataDir(dataDir, values.force);
      await restorePostgres(databaseUrl, path.join(staging, POSTGRES_DUMP), values.force);
    } else {
      if (databaseUrl) throw new BackupError('this backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.');
      if (!values.force && isNonEmptyDir(pgliteDir)) throw new BackupError(`${pgliteDir} holds a database: restore over it with --force.`);
      refuseFilledDataDir(dataDir, values.force);
      swaps.unshift([await loadPglite(staging), pgliteDir]);
    }
    for (const [restored, destination] of swaps) swapIn(restored, destination);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
  console.log(`Restored ${archive} into ${databaseUrl ? 'the database at DATABASE_URL' : pgliteDir} and ${dataDir}.`);
});

function readManifest(staging) {
  const file = path.join(staging, 'manifest.json');
  if (!existsSync(file)) throw new BackupError('the archive has no manifest.json: it was not written by npm run backup.');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  if (manifest.format !== ARCHIVE_FORMAT) throw new BackupError(`the archive's format ${manifest.format} is not ${ARCHIVE_FORMAT}: restore it with the release that wrote it.`);
  if (!Array.isArray(manifest.data) || manifest.data.some((entry) => !DATA_ENTRIES.includes(entry))) {
    throw new BackupError('the archive lists data entries this release does not know.');
  }
  return manifest;
}

async function refuseFilledServer(url) {
  const [row] = await queryServer(url, `select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
  if (row.tables > 0) throw new BackupError(`the database at DATABASE_URL has ${row.tables} tables: restore over it with --force.`);
}

function refuseFilledDataDir(dataDir, force) {
  const uploads = path.join(dataDir, 'uploads');
  if (!force && isNonEmptyDir(uploads)) throw new BackupError(`${uploads} holds files: restore over them with --force.`);
}

/**
 * pg_restore's SQL, run by psql in one transaction: a failure anywhere leaves the database as it was. Over a database
 * with data (--force), the schemas the archive holds are dropped first, in the same transaction. Not
 * `pg_restore --clean`: it drops objects one by one, and fails on pg-boss's partitioned tables (a partition's inherited
 * primary key cannot be dropped on its own).
 */
async function restorePostgres(url, dump, force) {
  const listed = Array.from(toolOutput('pg_restore', ['--list', dump]).matchAll(/ SCHEMA - (\S+)/g), (match) => match[1]);
  const schemas = ['public', ...listed];
  const clean = force ? `set client_min_messages = warning;\n${schemas.map((schema) => `drop schema if exists "${schema}" cascade;`).join('\n')}\ncreate schema public;\n` : '';
  const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', '--file=-', `--dbname=${url}`], {
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const restore = spawn('pg_restore', ['--no-owner', '--file=-', dump], { stdio: ['ignore', 'pipe', 'inherit'] });
  psql.stdin.write(clean);
  restore.stdout.pipe(psql.stdin);
  const [restored, applied] = await Promise.all([exitOf(restore), exitOf(psql)]);
  if (restored !== 0) throw new BackupError(`pg_restore failed (exit code ${restored}): the database was not changed.`);
  if (applied !== 0) throw new BackupError(`psql failed (exit code ${applied}): the transaction was rolled back, the database was not changed.`);
}

function exitOf(child) {
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`error: ${child.spawnfile}: ${error.message} (install the PostgreSQL client: apt-get install postgresql-client)`);
      resolve(-1);
    });
    child.once('close', (code) => resolve(code));
  });
}

/** Loads the dump into a fresh directory beside the staging files and checks it opens: answers the directory. */
async function loadPglite(staging) {
  const fresh = path.join(staging, 'pglite');
  const database = await openPglite(fresh, new Blob([readFileSync(path.join(staging, PGLITE_DUMP))]));
  try {
    await database.query('select count(*) from drizzle.__drizzle_migrations');
  } catch (error) {
    throw new BackupError(`the archive's embedded database does not open as Mingle's: ${error.message}`);
  } finally {
    await database.close();
  }
  return fresh;
}

/** Puts a restored file or folder in place of the current one: the old one moves aside first, then goes. */
function swapIn(restored, destination) {
  const aside = `${destination}.before-restore`;
  rmSync(aside, { recursive: true, force: true });
  if (existsSync(destination)) renameSync(destination, aside);
  renameSync(restored, destination);
  rmSync(aside, { recursive: true, force: true });
}
