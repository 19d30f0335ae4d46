import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { liveTopics } from '@mingle/shared/core/live';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { nextLiveMessage } from '../../test/live-socket.ts';
import { redisAnswers, testRedisUrl } from '../../test/redis.ts';
import { startServerProcess, type ServerProcess } from '../../test/spawn-server.ts';
import { LIVE_CHANNEL } from './bus.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

// The bus each variant runs on; the Redis one is skipped only when no Redis answers (CI machines run one).
const redisUp = await redisAnswers();
const buses = [
  { name: 'PostgreSQL NOTIFY', skip: false, env: { REDIS_URL: '' } },
  { name: 'Redis pub/sub', skip: !redisUp, env: { REDIS_URL: testRedisUrl } },
];

// Several server processes on one PostgreSQL stay consistent: a change committed through one process reaches
// live subscribers connected to another, through LISTEN/NOTIFY or, with REDIS_URL, Redis pub/sub.
describe.skipIf(!databaseUrl).each(buses)('live updates across two server processes, on $name', ({ name, skip, env }) => {
  let helper: TestServer;
  const processes: ServerProcess[] = [];
  // What crossed Redis, heard by a subscriber of the test's own: proof that the Redis variant did not use NOTIFY.
  let redisWatcher: Redis | undefined;
  const heardOnRedis: string[] = [];

  beforeAll(async () => {
    if (skip) return;
    helper = await startTestServer();
    const variant = buses.findIndex((bus) => bus.name === name);
    const ports = [0, 1].map((index) => String(3900 + ((process.pid * 3 + index + 2 * variant) % 90)));
    for (const port of ports) {
      processes.push(
        await startServerProcess(
          // Processes behind one load balancer share the secret that signs session cookies.
          { AUTH_SECRET: 'shared-secret-of-both-processes-0123456789abcdef', DATABASE_URL: databaseUrl!, PORT: port, PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mingle-two-')), ...env },
          ['--no-demo'],
        ),
      );
    }
    if (env.REDIS_URL) {
      redisWatcher = new Redis(env.REDIS_URL);
      redisWatcher.on('message', (_channel: string, payload: string) => heardOnRedis.push(payload));
      await redisWatcher.subscribe(LIVE_CHANNEL);
    }
  }, 120_000);

  afterAll(async () => {
    redisWatcher?.disconnect();
    await Promise.all(processes.map((server) => server.stop()));
    await helper?.close();
  });

  it.skipIf(skip)('delivers a change made on process A to a subscriber on process B', { timeout: 60_000 }, async () => {
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
    const subscribed = nextLiveMessage(socket, (message) => message.type !== 'ping');
    socket.send(JSON.stringify({ type: 'subscribe', topic }));
    expect(await subscribed).toEqual({ type: 'subscribed', topic });

    const delivered = nextLiveMessage(socket, (message) => message.type === 'event');
    const change = await fetch(`${a.url}/api/me/terms`, { method: 'POST', headers: { cookie, origin: a.url } });
    expect(change.status).toBe(200);
    expect(await delivered).toEqual({ type: 'event', topic, event: { kind: 'account.updated' } });
    socket.close();
    if (redisWatcher) {
      // The watcher hears Redis's copy beside process B's, not necessarily before B's reached the socket.
      await vi.waitFor(() => expect(heardOnRedis.map((payload) => (JSON.parse(payload) as { t: string }).t)).toContain(topic));
    }
  });
});
