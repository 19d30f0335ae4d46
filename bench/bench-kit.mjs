// What the discovery, message-latency, feed-fanout and feed-growth benchmarks share: a PostgreSQL database of their
// own, the real server as its own process, many signed-in WebSocket clients, and percentiles. Imported by those
// scripts once they run under tsx (they re-run themselves with `runUnderTsx`).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Re-runs the calling script under tsx (which loads the server's TypeScript) unless it already is; returns in the child. */
export function runUnderTsx(scriptUrl) {
  if (process.env.MINGLE_BENCH_CHILD) return;
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MINGLE_BENCH_CHILD: '1' },
  });
  process.exit(child.status ?? 1);
}

/**
 * A fresh database on the PostgreSQL server at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * migrated; `drop()` removes it. Nothing else on that server is touched.
 */
export async function freshDatabase(label) {
  const pg = (await import('pg')).default;
  const { openDatabase, runMigrations } = await import('../apps/server/src/db/client.ts');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `mingle_bench_${label}_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await runMigrations(handle);
  return {
    url: url.toString(),
    db: handle.db,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const chunks = (rows, size = 1000) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => rows.slice(index * size, (index + 1) * size));

/**
 * `count` people with profiles, each signed in: a session row whose token is sent as `Authorization: Bearer`
 * (Better Auth's bearer plugin), as an API client would. Signing 1,000 people in through the password endpoint
 * would benchmark the password hash instead.
 */
export async function signedInPeople(db, count, label) {
  const schema = await import('../apps/server/src/db/schema.ts');
  const tag = randomBytes(4).toString('hex');
  const people = [];
  for (const part of chunks(Array.from({ length: count }, (_, index) => index))) {
    const users = await db
      .insert(schema.authUsers)
      .values(part.map((index) => ({ name: `${label} ${index}`, email: `bench-${tag}-${index}@bench-${label}.com`, emailVerified: true })))
      .returning({ id: schema.authUsers.id, name: schema.authUsers.name });
    // As sign-up provisions them (auth/provision.ts).
    await db.insert(schema.profiles).values(users.map((user) => ({ id: user.id, fullName: user.name, termsAcceptedAt: new Date() })));
    await db.insert(schema.userRoles).values(users.map((user) => ({ userId: user.id, role: 'registered_user' })));
    const sessions = users.map((user) => ({ userId: user.id, token: randomBytes(24).toString('base64url'), expiresAt: new Date(Date.now() + 24 * 3_600_000) }));
    await db.insert(schema.authSessions).values(sessions);
    people.push(...users.map((user, index) => ({ id: user.id, name: user.name, token: sessions[index].token })));
  }
  return people;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real start-up (apps/server/src/main.ts, no demo data) on `databaseUrl`, as its own process. An empty
 * `databaseUrl` runs the embedded PGlite in `dataDir` (its database in `<dataDir>/pglite`).
 */
export async function startServer(databaseUrl, { dataDir } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--no-demo'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir ?? mkdtempSync(path.join(tmpdir(), 'mingle-bench-')),
      AUTH_SECRET: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      if (output.includes('Mingle is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  return {
    base,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * One WebSocket per person on /api/live, each subscribed to `topicOf(person)`; resolves once every subscription is
 * confirmed. `onEvent(person, message, receivedAt)` gets every event. Connects in small waves, as a crowd arriving.
 */
export async function connectClients(base, people, topicOf, onEvent) {
  const { WebSocket } = await import('ws');
  const url = `${base.replace(/^http/, 'ws')}/api/live`;
  const connect = (person) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { authorization: `Bearer ${person.token}` } });
      const topic = topicOf(person);
      const timer = setTimeout(() => reject(new Error(`no subscription for ${person.name}`)), 30_000);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', topic })));
      ws.on('message', (raw) => {
        const receivedAt = performance.now();
        const message = JSON.parse(raw.toString());
        if (message.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
        else if (message.type === 'subscribed') {
          clearTimeout(timer);
          resolve(ws);
        } else if (message.type === 'denied') reject(new Error(`${person.name} was denied ${topic}`));
        else if (message.type === 'event') onEvent(person, message, receivedAt);
      });
      ws.on('error', reject);
    });
  const sockets = [];
  for (const wave of chunks(people, 50)) sockets.push(...(await Promise.all(wave.map(connect))));
  return {
    sockets,
    close: () => Promise.all(sockets.map((ws) => new Promise((resolve) => (ws.readyState === ws.CLOSED ? resolve() : (ws.once('close', resolve), ws.close()))))),
  };
}

/** p50/p95/p99 (nearest rank) of a list of milliseconds. */
export function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
}

export const ms = (value) => `${value.toFixed(1).padStart(6)} ms`;
export const sleep = (duration) => new Promise((resolve) => setTimeout(resolve, duration));

/** The conditions of a run, printed with its figures: on a shared machine they explain much of the spread. */
export const machineNote = () => `(machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} over the last minute)`;
