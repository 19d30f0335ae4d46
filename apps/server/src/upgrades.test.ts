import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './platform/db/client.ts';
import { ownPostgresDatabase } from './test/own-database.ts';
import { SERVER_START_MS } from './test/spawn-server.ts';

// `node apps/server/dist/main.js --migrate-only`, the upgrade's schema step (docs/operations.md, Upgrades): it applies
// every migration and exits without serving, and several at once on one PostgreSQL wait for each other's lock.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const migrationCount = readdirSync(path.join(repoRoot, 'apps/server/src/platform/db/migrations')).filter((file) => file.endsWith('.sql')).length;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function migrateOnly(env: Record<string, string>) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js', '--migrate-only'], {
    cwd: repoRoot,
    // A port taken by nothing of ours: the run must not listen at all, so it must not matter.
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '', PORT: '3259', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

async function appliedAndUsers(options: { url?: string; dataDir?: string }) {
  const handle = await openDatabase(options);
  try {
    const migrations = await handle.query('select count(*)::int as total from drizzle.__drizzle_migrations');
    const users = await handle.query('select count(*)::int as total from auth_users');
    return { migrations: (migrations.rows[0] as { total: number }).total, users: (users.rows[0] as { total: number }).total };
  } finally {
    await handle.close();
  }
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('--migrate-only on the embedded database', () => {
  it('migrates a fresh data directory, seeds nothing, and exits', { timeout: SERVER_START_MS }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mingle-migrate-'));
    const run = await migrateOnly({ DATA_DIR: dataDir });
    expect(run.output).toContain('Migrations applied.');
    expect(run.output).not.toContain('Mingle is running');
    expect(run.code).toBe(0);
    expect(await appliedAndUsers({ dataDir: path.join(dataDir, 'pglite') })).toEqual({ migrations: migrationCount, users: 0 });
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('--migrate-only on PostgreSQL', () => {
  it('lets several processes migrate one empty database at once', { timeout: SERVER_START_MS }, async () => {
    const { url, drop } = await ownPostgresDatabase(process.env.TEST_DATABASE_URL!, 'migrate_only', { migrate: false });
    cleanups.push(drop);

    const runs = await Promise.all([1, 2, 3].map(() => migrateOnly({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mingle-migrate-')), DATABASE_URL: url })));
    for (const run of runs) {
      expect(run.output).toContain('Migrations applied.');
      expect(run.code).toBe(0);
    }
    expect(await appliedAndUsers({ url })).toEqual({ migrations: migrationCount, users: 0 });
  });
});
