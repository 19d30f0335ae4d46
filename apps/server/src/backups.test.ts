import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { ownPostgresDatabase } from './test/own-database.ts';
import { SERVER_START_MS, startServerProcess, type ServerProcess } from './test/spawn-server.ts';

// `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs) run as an operator runs them, on a
// data directory a real server process filled: demo data, its uploaded logos, a session and a post made through the
// API. The restored copy must serve all of them to a server started on it.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const freshDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), `mingle-${prefix}-`));
const portFor = (offset: number) => String(3250 + ((process.pid + offset) % 10));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [`scripts/${script}.mjs`, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

async function start(env: Record<string, string>, offset: number): Promise<ServerProcess> {
  const port = portFor(offset);
  const server = await startServerProcess({ ...env, PORT: port, PUBLIC_URL: `http://localhost:${port}` });
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
  });
  return server;
}

async function signIn(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return { status: response.status, cookie: response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ') };
}

async function call<T>(url: string, cookie: string, method: string, pathname: string, body?: unknown) {
  const answer = await fetch(`${url}/api${pathname}`, {
    method,
    headers: { cookie, origin: url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json().catch(() => null)) as T };
}

/** Every file under a folder, by its path inside it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

interface Filled {
  cookie: string;
  post: string;
  upload: string;
}

/** What a server on the source made: a session, a feed post through the API, and one of its uploaded files. */
async function fill(server: ServerProcess, dataDir: string): Promise<Filled> {
  const owner = await signIn(server.url, 'owner@example.com');
  expect(owner.status).toBe(200);
  const event = await call<{ id: string }>(server.url, owner.cookie, 'GET', '/public/events/demo-summit');
  const post = `Backed up ${Date.now()}`;
  expect((await call(server.url, owner.cookie, 'POST', `/events/${event.body.id}/feed`, { content: post })).status).toBe(201);
  const [upload] = filesUnder(path.join(dataDir, 'uploads'));
  expect(upload).toBeDefined();
  return { cookie: owner.cookie, post, upload: upload! };
}

/** A server on the restored copy knows the session, the password, the post, and serves the same file. */
async function expectRestored(server: ServerProcess, source: Filled, sourceDataDir: string) {
  const session = await call<{ user: { email: string } } | null>(server.url, source.cookie, 'GET', '/auth/get-session');
  expect(session.body?.user.email).toBe('owner@example.com');
  expect((await signIn(server.url, 'attendee@example.com')).status).toBe(200);
  const event = await call<{ id: string }>(server.url, source.cookie, 'GET', '/public/events/demo-summit');
  const feed = await call<{ posts: Array<{ content: string }> }>(server.url, source.cookie, 'GET', `/events/${event.body.id}/feed?limit=100`);
  expect(feed.body.posts.map((post) => post.content)).toContain(source.post);
  const file = await fetch(`${server.url}/files/${source.upload.split(path.sep).join('/')}`);
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.arrayBuffer())).toEqual(readFileSync(path.join(sourceDataDir, 'uploads', source.upload)));
}

function archiveIn(outDir: string): string {
  const files = readdirSync(outDir);
  // One complete archive, no temporary file left beside it.
  expect(files).toEqual([expect.stringMatching(/^mingle-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar$/)]);
  const archive = path.join(outDir, files[0]!);
  expect(statSync(archive).mode & 0o777, 'readable by its owner alone').toBe(0o600);
  return archive;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of the embedded database', () => {
  it('refuses a running server, then round-trips rows, uploads, sessions and passwords', { timeout: SERVER_START_MS + 60_000 }, async () => {
    const dataDir = freshDir('backup-source');
    const outDir = freshDir('backups');
    const source = await start({ DATA_DIR: dataDir }, 0);
    const filled = await fill(source, dataDir);

    const whileRunning = await runScript('backup', ['--out', outDir], { DATA_DIR: dataDir });
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.output).toContain(`open by process ${source.child.pid}`);
    expect(whileRunning.output).toContain('Stop the server first');
    expect(readdirSync(outDir)).toEqual([]);

    expect(await source.stop()).toBe(0);
    const backup = await runScript('backup', ['--out', outDir], { DATA_DIR: dataDir });
    expect(backup.output).toContain('Backup written');
    expect(backup.code).toBe(0);
    const archive = archiveIn(outDir);

    const restoredDir = freshDir('backup-restored');
    const restore = await runScript('restore', [archive], { DATA_DIR: restoredDir });
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);
    const restored = await start({ DATA_DIR: restoredDir }, 1);
    await expectRestored(restored, filled, dataDir);

    // Over a database: only with --force, and never under a running server.
    const underServer = await runScript('restore', [archive, '--force'], { DATA_DIR: restoredDir });
    expect(underServer.code).toBe(1);
    expect(underServer.output).toContain(`open by process ${restored.child.pid}`);
    expect(readdirSync(restoredDir).filter((entry) => entry.startsWith('.restore-'))).toEqual([]);
    expect(await restored.stop()).toBe(0);
    const again = await runScript('restore', [archive], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain('holds a database: restore over it with --force');
    const forced = await runScript('restore', [archive, '--force'], { DATA_DIR: restoredDir });
    expect(forced.code).toBe(0);
  });

  it('refuses what is not a backup, and leaves the target untouched', { timeout: 60_000 }, async () => {
    const dataDir = freshDir('backup-bad');
    const bogus = path.join(repoRoot, 'package.json');
    const result = await runScript('restore', [bogus], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.output).toContain('is not a readable backup archive');
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore on PostgreSQL', () => {
  const baseUrl = process.env.TEST_DATABASE_URL!;

  async function createDatabase(prefix: string): Promise<string> {
    const database = await ownPostgresDatabase(baseUrl, prefix, { migrate: false });
    cleanups.push(database.drop);
    return database.url;
  }

  it('round-trips into an empty database, and replaces a filled one only with --force', { timeout: 180_000 }, async () => {
    const sourceUrl = await createDatabase('backup_source');
    const dataDir = freshDir('backup-pg-source');
    const outDir = freshDir('backups-pg');
    const source = await start({ DATA_DIR: dataDir, DATABASE_URL: sourceUrl }, 2);
    const filled = await fill(source, dataDir);
    expect(await source.stop()).toBe(0);

    const backup = await runScript('backup', ['--out', outDir], { DATA_DIR: dataDir, DATABASE_URL: sourceUrl });
    expect(backup.output).toContain('Backup written');
    expect(backup.code).toBe(0);
    const archive = archiveIn(outDir);

    const targetUrl = await createDatabase('backup_target');
    const restoredDir = freshDir('backup-pg-restored');
    const restore = await runScript('restore', [archive], { DATA_DIR: restoredDir, DATABASE_URL: targetUrl });
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);
    const restored = await start({ DATA_DIR: restoredDir, DATABASE_URL: targetUrl }, 3);
    await expectRestored(restored, filled, dataDir);
    expect(await restored.stop()).toBe(0);

    const again = await runScript('restore', [archive], { DATA_DIR: restoredDir, DATABASE_URL: targetUrl });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/the database at DATABASE_URL has \d+ tables: restore over it with --force/);
    const forced = await runScript('restore', [archive, '--force'], { DATA_DIR: restoredDir, DATABASE_URL: targetUrl });
    expect(forced.output).toContain('Restored');
    expect(forced.code).toBe(0);
    const afterForce = await start({ DATA_DIR: restoredDir, DATABASE_URL: targetUrl }, 4);
    await expectRestored(afterForce, filled, dataDir);
  });
});
