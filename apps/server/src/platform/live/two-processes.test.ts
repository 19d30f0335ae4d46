import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { liveTopics, type LiveServerMessage } from '@mingle/shared/core/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { startServerProcess, type ServerProcess } from '../../test/spawn-server.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

/** Waits for the first message on the socket that matches. */
function nextMessage(socket: WebSocket, matches: (message: LiveServerMessage) => boolean, timeoutMs = 15_000) {
  return new Promise<LiveServerMessage>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching live message')), timeoutMs);
    const onMessage = (raw: WebSocket.RawData) => {
      const message = JSON.parse(raw.toString()) as LiveServerMessage;
      if (!matches(message)) return;
      clearTimeout(timer);
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
  });
}

// Several server processes on one PostgreSQL stay consistent: a change committed through one process reaches
// live subscribers connected to another, through LISTEN/NOTIFY.
describe.skipIf(!databaseUrl)('live updates across two server processes', () => {
  let helper: TestServer;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    helper = await startTestServer();
    const ports = [0, 1].map((index) => String(3900 + ((process.pid * 3 + index) % 90)));
    for (const port of ports) {
      processes.push(
        await startServerProcess(
          // Processes behind one load balancer share the secret that signs session cookies.
          { AUTH_SECRET: 'shared-secret-of-both-processes-0123456789abcdef', DATABASE_URL: databaseUrl!, PORT: port, PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mingle-two-')) },
          ['--no-demo'],
        ),
      );
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((server) => server.stop()));
    await helper?.close();
  });

  it('delivers a change made on process A to a subscriber on process B', { timeout: 60_000 }, async () => {
    const [a, b] = processes as [ServerProcess, ServerProcess];
    const user = await createUser(helper.ctx);
    const signIn = await fetch(`${a.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    const socket = new WebSocket(`${b.url.replace('http', 'ws')}/api/live`, { headers: { cookie, origin: b.url } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const topic = liveTopics.userAccount(user.id);
    const subscribed = nextMessage(socket, (message) => message.type !== 'ping');
    socket.send(JSON.stringify({ type: 'subscribe', topic }));
    expect(await subscribed).toEqual({ type: 'subscribed', topic });

    const delivered = nextMessage(socket, (message) => message.type === 'event');
    const change = await fetch(`${a.url}/api/me/terms`, { method: 'POST', headers: { cookie, origin: a.url } });
    expect(change.status).toBe(200);
    expect(await delivered).toEqual({ type: 'event', topic, event: { kind: 'account.updated' } });
    socket.close();
  });
});
