// What `npm run backup` (backup.mjs) and `npm run restore` (restore.mjs) share: where the data is, who holds the
// embedded database, the PostgreSQL client tools, and failing with a clear message. See docs/operations.md, Backups.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** An archive's layout version: restore.mjs refuses one it does not know. */
export const ARCHIVE_FORMAT = 1;
/** What lives in DATA_DIR outside the database: local uploads and the secrets the server generates there. */
export const DATA_ENTRIES = ['uploads', 'auth-secret', 'vapid-keys.json'];
export const PGLITE_DUMP = 'pglite.tar.gz';
export const POSTGRES_DUMP = 'database.pgdump';

/** An expected failure: its message is printed alone, without a stack trace. */
export class BackupError extends Error {}

/** DATA_DIR and DATABASE_URL, read as the server's config.ts reads them. */
export function target(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return { dataDir, pgliteDir: path.join(dataDir, 'pglite'), databaseUrl: env.DATABASE_URL || undefined };
}

/** Runs a script's main function: a BackupError prints its message and exits 1, anything else its stack. */
export async function run(main) {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof BackupError ? `error: ${error.message}` : error);
    process.exit(1);
  }
}

// The embedded database's holder: the file platform/db/data-dir-lock.ts writes beside the data directory.
function lockFile(pgliteDir) {
  return `${pgliteDir}.lock`;
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Takes the embedded database's directory for this script, refusing when a server has it open: copying or replacing
 * the files of a running PGlite gives a torn copy, or pulls them from under it. A holder on another host (another
 * container on the same volume) cannot be checked, so it is refused too. Answers the function that releases it.
 */
export function holdPgliteDir(pgliteDir) {
  const file = lockFile(pgliteDir);
  if (existsSync(file)) {
    const holder = JSON.parse(readFileSync(file, 'utf8'));
    const sameHost = holder.hostname === os.hostname();
    if (!sameHost || isRunning(holder.pid)) {
      throw new BackupError(
        `the embedded database in ${pgliteDir} is open by process ${holder.pid} on ${holder.hostname} ` +
          `(since ${holder.since}). Stop the server first${sameHost ? '' : `, or, if no server runs on ${holder.hostname}, remove ${file}`}.`,
      );
    }
  }
  writeFileSync(file, JSON.stringify({ pid: process.pid, hostname: os.hostname(), since: new Date().toISOString() }));
  return () => rmSync(file, { force: true });
}

/** Opens an embedded database as the server does (with the extension its migrations create). */
export function openPglite(dataDir, loadDataDir) {
  return PGlite.create({ dataDir, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** Runs a PostgreSQL client tool; its output passes through, a failure is a BackupError naming it. */
export function runTool(command, args) {
  checkTool(command, spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] }));
}

/** A PostgreSQL client tool's standard output. */
export function toolOutput(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] });
  checkTool(command, result);
  return result.stdout;
}

function checkTool(command, result) {
  if (result.error?.code === 'ENOENT') {
    throw new BackupError(`${command} was not found: install the PostgreSQL client (Debian: apt-get install postgresql-client).`);
  }
  if (result.status !== 0) throw new BackupError(`${command} failed (exit code ${result.status ?? result.signal}).`);
}

/** The major version of a PostgreSQL client tool (`pg_dump (PostgreSQL) 15.20 (Debian ...)` gives 15). */
export function toolMajor(command) {
  const version = toolOutput(command, ['--version']);
  const major = /\)\s+(\d+)/.exec(version)?.[1];
  if (!major) throw new BackupError(`could not read the version of ${command}: ${version.trim()}`);
  return Number(major);
}

/** Runs one query on a PostgreSQL server and answers its rows. */
export async function queryServer(url, text) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return (await client.query(text)).rows;
  } catch (error) {
    throw new BackupError(`could not query the database at DATABASE_URL: ${error.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function serverMajor(url) {
  const [row] = await queryServer(url, `select current_setting('server_version_num')::int / 10000 as major`);
  return Number(row.major);
}

/** The DATA_DIR entries this data directory has. */
export function presentDataEntries(dataDir) {
  return DATA_ENTRIES.filter((entry) => existsSync(path.join(dataDir, entry)));
}

export function isNonEmptyDir(dir) {
  return existsSync(dir) && readdirSync(dir).length > 0;
}
