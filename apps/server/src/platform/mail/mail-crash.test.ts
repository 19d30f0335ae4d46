import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/factories.ts';
import { startSmtpSink } from '../../test/mail.ts';
import { ownPostgresDatabase } from '../../test/own-database.ts';
import { SERVER_START_MS, startServerProcess, type ServerProcess } from '../../test/spawn-server.ts';

/**
 * A crash loses no email: the compiled server answers sign-up code requests while the mail server is down, is killed
 * with SIGKILL before it could deliver them, and a new process on the same data delivers each one, once. On the
 * embedded database's data directory, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

function freePort(): Promise<string> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = (probe.address() as AddressInfo);
      probe.close(() => resolve(String(port)));
    });
  });
}

it('delivers, after a SIGKILL and a restart, every email the killed process had accepted', { timeout: 2 * SERVER_START_MS + 60_000 }, async () => {
  const smtp = await startSmtpSink();
  cleanups.push(() => smtp.close());
  await smtp.kill();
  const env: Record<string, string> = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mingle-mail-crash-')),
    AUTH_SECRET: 'mail-crash-secret-0123456789abcdef0123456789',
    SMTP_URL: smtp.url,
  };
  if (process.env.TEST_DATABASE_URL) {
    const database = await ownPostgresDatabase(process.env.TEST_DATABASE_URL, 'mingle_mail_crash');
    cleanups.push(() => database.drop());
    env.DATABASE_URL = database.url;
  }
  const start = async (): Promise<ServerProcess> => {
    const port = await freePort();
    const server = await startServerProcess({ ...env, PORT: port, PUBLIC_URL: `http://localhost:${port}` }, ['--no-demo']);
    cleanups.push(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
    });
    return server;
  };

  const first = await start();
  const addresses = Array.from({ length: 5 }, () => uniqueEmail('crash'));
  for (const email of addresses) {
    const response = await fetch(`${first.url}/api/signup/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url },
      body: JSON.stringify({ fullName: 'Grace Hopper', email, password: 'longenough' }),
    });
    expect(response.status).toBe(200);
  }
  // Every email has had its first try, against the dead mail server, and waits for a retry: now the process dies.
  const failures = () => first.output().split('mail: sending failed').length - 1;
  while (failures() < addresses.length) await new Promise((resolve) => setTimeout(resolve, 100));
  // The failure is logged just before the queue records the try as failed (one statement later). Killed inside that
  // window, a try stays "active" until the queue's expiry (minutes) hands it out again: not lost, but later than
  // this test waits. The pause lets the last try be recorded, so what is killed is what the process had accepted.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));

  await smtp.restart();
  await start();
  const delivered = () => addresses.every((email) => smtp.to(email).length > 0);
  const deadline = Date.now() + 120_000;
  while (!delivered() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  for (const email of addresses) {
    expect(smtp.to(email)).toHaveLength(1);
    expect(smtp.to(email)[0]!.raw).toMatch(/verification code is \d{6}/);
  }
});
