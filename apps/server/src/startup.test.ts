import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './platform/db/client.ts';
import { authUsers } from './platform/db/schema/auth.ts';
import { events } from './platform/db/schema/events.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { runServerExpectingExit, SERVER_START_MS, startServerProcess } from './test/spawn-server.ts';

const freshDataDir = () => mkdtempSync(path.join(tmpdir(), 'mingle-start-'));
const portFor = (offset: number) => String(3300 + ((process.pid * 7 + offset) % 600));

async function countRows(dataDir: string) {
  const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const [users] = await handle.db.select({ total: count() }).from(authUsers);
    const [eventRows] = await handle.db.select({ total: count() }).from(events);
    return { users: users?.total ?? 0, events: eventRows?.total ?? 0 };
  } finally {
    await handle.close();
  }
}

async function signInStatus(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return response.status;
}

// The start-up of `npm start` on the embedded database, as separate processes (once, in the PGlite pass).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('start-up', () => {
  it('seeds demo data on a fresh data directory once, and a second start keeps it', { timeout: 2 * SERVER_START_MS + 60_000 }, async () => {
    const dataDir = freshDataDir();
    const port = portFor(1);
    const env = { DATA_DIR: dataDir, PORT: port, PUBLIC_URL: `http://localhost:${port}` };

    const first = await startServerProcess(env);
    expect(first.output()).toContain('Demo data created.');
    for (const account of DEMO_ACCOUNTS) expect(first.output()).toContain(account.email);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    // The security headers come before the health check too (decision 0135).
    expect(health.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    for (const account of DEMO_ACCOUNTS) expect(await signInStatus(first.url, account.email)).toBe(200);
    expect(await first.stop()).toBe(0);
    const afterFirst = await countRows(dataDir);
    expect(afterFirst.users).toBeGreaterThanOrEqual(45);
    expect(afterFirst.events).toBe(1);

    const second = await startServerProcess(env);
    expect(second.output()).toContain('Demo data already present.');
    expect(await signInStatus(second.url, 'owner@example.com')).toBe(200);
    expect(await second.stop()).toBe(0);
    expect(await countRows(dataDir)).toEqual(afterFirst);
  });

  it('starts without demo data when asked', { timeout: SERVER_START_MS + 60_000 }, async () => {
    const dataDir = freshDataDir();
    const port = portFor(2);
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: port, PUBLIC_URL: `http://localhost:${port}` }, ['--no-demo']);
    expect(server.output()).not.toContain('Demo accounts');
    await server.stop();
    expect(await countRows(dataDir)).toEqual({ users: 0, events: 0 });
  });

  it('seeds no demo accounts and serves no mailbox when listening where others can reach it', { timeout: SERVER_START_MS + 60_000 }, async () => {
    // The README's old PostgreSQL command: no NODE_ENV, every interface.
    const dataDir = freshDataDir();
    const port = portFor(3);
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: port, PUBLIC_URL: `http://localhost:${port}`, HOST: '0.0.0.0' });
    expect(server.output()).not.toContain('Demo accounts');
    expect(server.output()).toContain('reachable by others: demo data off, mailbox off');
    expect(await signInStatus(server.url, 'admin@example.com')).not.toBe(200);
    expect((await fetch(`${server.url}/api/dev/mailbox`)).status).toBe(404);
    await server.stop();
    expect(await countRows(dataDir)).toEqual({ users: 0, events: 0 });
  });

  it('refuses, with 1 and a clear message, to open an embedded database another server has open', { timeout: SERVER_START_MS + 60_000 }, async () => {
    const dataDir = freshDataDir();
    const port = portFor(4);
    const first = await startServerProcess({ DATA_DIR: dataDir, PORT: port, PUBLIC_URL: `http://localhost:${port}` }, ['--no-demo']);
    try {
      const second = await runServerExpectingExit({ DATA_DIR: dataDir, PORT: portFor(5) });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`is open by process ${first.child.pid}`);
      expect(second.output).not.toContain('at lockDataDir');
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  });

  it('exits with 1 and a clear message on a bad configuration', { timeout: SERVER_START_MS }, async () => {
    const result = await runServerExpectingExit({ DATA_DIR: freshDataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('Invalid configuration');
    expect(result.output).toContain('PORT');
    expect(result.output).toContain('DATABASE_URL must start with postgres');
  });

  it('refuses to start in production without SMTP, rather than keep sign-up codes in an outbox nobody reads', { timeout: SERVER_START_MS }, async () => {
    const result = await runServerExpectingExit({ NODE_ENV: 'production', DATA_DIR: freshDataDir(), AUTH_SECRET: 'x'.repeat(40), SMTP_URL: '' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('SMTP_URL is required in production');
    expect(result.output).toContain('MAIL_TRANSPORT=outbox');
  });
});
