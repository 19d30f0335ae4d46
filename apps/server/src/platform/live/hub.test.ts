import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { liveTopics, type LiveServerMessage } from '@mingle/shared/core/live';
import type { Caller } from '../auth/caller.ts';
import type { AppContext } from '../../context.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createLogger } from '../../logger.ts';
import { createLiveBus, type LiveBus } from './bus.ts';
import { attachLiveHub, type LiveHub, type LiveHubOptions } from './hub.ts';
import { canSubscribe, NO_RELATION, type TopicAccess } from '../../areas/event-access/index.ts';

const log = createLogger('silent', false);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const alice = randomUUID();
const bob = randomUUID();
const eventId = randomUUID();
const sessionId = randomUUID();

/** Alice attends the one event; Bob does not. */
const topicAccess: TopicAccess = {
  async eventRelation(userId, id) {
    if (id !== eventId) return null;
    return { ...NO_RELATION, isAttendee: userId === alice };
  },
  async eventIdOfSession(id) {
    return id === sessionId ? eventId : null;
  },
  async sponsorStanding() {
    return null;
  },
};

/** A context with just what the hub uses. */
function fakeContext(database: DatabaseHandle, live: LiveBus): AppContext {
  const config = { publicUrl: 'http://localhost:3000', isProduction: false, allowedOrigins: ['http://localhost:3000', 'http://localhost:5173'], trustedProxyHops: 0 };
  return { config, database, live, log } as unknown as AppContext;
}

/** The callers, faked: the bearer token is the user id; no roles. */
async function identify(headers: Headers): Promise<Caller | null> {
  const userId = headers.get('authorization')?.replace(/^Bearer /, '');
  if (!userId || (userId !== alice && userId !== bob)) return null;
  return { userId, email: `${userId}@acme-test.com`, name: 'Test', roles: [], sessionId: randomUUID() };
}

interface TestClient {
  ws: WebSocket;
  messages: LiveServerMessage[];
  send(message: unknown): void;
  next(predicate: (message: LiveServerMessage) => boolean, timeoutMs?: number): Promise<LiveServerMessage>;
  closed: Promise<{ code: number; reason: string }>;
}

describe('live hub', () => {
  let database: DatabaseHandle;
  let bus: LiveBus;
  let server: Server;
  let hub: LiveHub;
  let base: string;

  /** The hub with the product's subscription rights over fake database facts (`access`). */
  async function start({ access = topicAccess, ...options }: Partial<LiveHubOptions> & { access?: TopicAccess } = {}) {
    const srv = createServer((_req, res) => res.end('http'));
    const ctx = fakeContext(database, bus);
    const authorize = (caller: Caller | null, topic: string) => canSubscribe(ctx, caller, topic, access);
    const attached = attachLiveHub(srv, ctx, { authorize, identify, ...options });
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    return { server: srv, hub: attached, base: `ws://127.0.0.1:${(srv.address() as AddressInfo).port}` };
  }

  function connect(
    options: { token?: string; origin?: string; path?: string; autoPong?: boolean; url?: string } = {},
  ): Promise<TestClient> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const ws = new WebSocket(`${options.url ?? base}${options.path ?? '/api/live'}`, {
      headers,
      origin: options.origin,
      autoPong: options.autoPong ?? true,
    });
    const messages: LiveServerMessage[] = [];
    const waiters: Array<{ predicate: (m: LiveServerMessage) => boolean; resolve: (m: LiveServerMessage) => void }> = [];
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as LiveServerMessage;
      messages.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(message)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    return new Promise((resolve, reject) => {
      ws.once('open', () =>
        resolve({
          ws,
          messages,
          closed,
          send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
          next: (predicate, timeoutMs = 3000) =>
            new Promise((res, rej) => {
              const seen = messages.find(predicate);
              if (seen) return res(seen);
              const timer = setTimeout(() => rej(new Error('no such message')), timeoutMs);
              waiters.push({
                predicate,
                resolve: (m) => {
                  clearTimeout(timer);
                  res(m);
                },
              });
            }),
        }),
      );
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  const answerTo = (client: TestClient, topic: string) =>
    client.next((m) => (m.type === 'subscribed' || m.type === 'denied') && m.topic === topic);

  beforeAll(async () => {
    database = await openDatabase({});
    bus = await createLiveBus(database, log);
    ({ server, hub, base } = await start());
  });
  afterAll(async () => {
    await hub.close();
    await new Promise((resolve) => server.close(resolve));
    await bus.close();
    await database.close();
  });

  it("denies a visitor a user's topic, but lets the visitor connect", async () => {
    const visitor = await connect();
    const topic = liveTopics.userAccount(alice);
    visitor.send({ type: 'subscribe', topic });
    expect(await answerTo(visitor, topic)).toEqual({ type: 'denied', topic });
    visitor.ws.close();
  });

  it('subscribes the user themself to their topic and denies someone else', async () => {
    const client = await connect({ token: alice });
    const own = liveTopics.userMessages(alice);
    const other = liveTopics.userMessages(bob);
    client.send({ type: 'subscribe', topic: own });
    client.send({ type: 'subscribe', topic: other });
    expect(await answerTo(client, own)).toEqual({ type: 'subscribed', topic: own });
    expect(await answerTo(client, other)).toEqual({ type: 'denied', topic: other });
    client.ws.close();
  });

  it('checks event and session topics against the event relation', async () => {
    const a = await connect({ token: alice });
    const b = await connect({ token: bob });
    const feed = liveTopics.eventFeed(eventId);
    const qa = liveTopics.sessionQa(sessionId);
    const unknown = liveTopics.sessionQa(randomUUID());
    for (const topic of [feed, qa, unknown]) {
      a.send({ type: 'subscribe', topic });
      b.send({ type: 'subscribe', topic });
    }
    expect((await answerTo(a, feed)).type).toBe('subscribed');
    expect((await answerTo(a, qa)).type).toBe('subscribed');
    expect((await answerTo(a, unknown)).type).toBe('denied');
    expect((await answerTo(b, feed)).type).toBe('denied');
    expect((await answerTo(b, qa)).type).toBe('denied');
    a.ws.close();
    b.ws.close();
  });

  it('delivers a published event to its subscribers only, and stops after unsubscribe', async () => {
    const subscriber = await connect({ token: alice });
    const bystander = await connect({ token: bob });
    const topic = liveTopics.userMeetings(alice);
    const bobs = liveTopics.userMeetings(bob);
    subscriber.send({ type: 'subscribe', topic });
    bystander.send({ type: 'subscribe', topic: bobs });
    await answerTo(subscriber, topic);
    await answerTo(bystander, bobs);

    await bus.publish(topic, { kind: 'meeting.requested', data: { id: 'm1' } });
    expect(await subscriber.next((m) => m.type === 'event')).toEqual({
      type: 'event',
      topic,
      event: { kind: 'meeting.requested', data: { id: 'm1' } },
    });

    subscriber.send({ type: 'unsubscribe', topic });
    // A socket's messages are taken in order: once a later subscribe is answered, the unsubscribe is in. The topic
    // then carries a marker behind m2, so the subscriber has had everything m2 could bring once the marker is there.
    const account = liveTopics.userAccount(alice);
    subscriber.send({ type: 'subscribe', topic: account });
    await answerTo(subscriber, account);
    await bus.publish(topic, { kind: 'meeting.requested', data: { id: 'm2' } });
    await bus.publish(bobs, { kind: 'marker' });
    await bus.publish(account, { kind: 'marker' });
    await bystander.next((m) => m.type === 'event');
    await subscriber.next((m) => m.type === 'event' && m.topic === account);
    expect(subscriber.messages.filter((m) => m.type === 'event' && m.topic === topic)).toHaveLength(1);
    expect(bystander.messages.filter((m) => m.type === 'event')).toEqual([
      { type: 'event', topic: bobs, event: { kind: 'marker' } },
    ]);
    subscriber.ws.close();
    bystander.ws.close();
  });

  it('caps sockets per address before identifying anyone, and per account; a closed socket frees its place', async () => {
    let identified = 0;
    const capped = await start({
      maxSocketsPerAddress: 4,
      maxAnonymousSocketsPerAddress: 1,
      maxSocketsPerAccount: 2,
      identify: async (headers) => {
        identified += 1;
        return identify(headers);
      },
    });
    try {
      const url = capped.base;
      const first = await connect({ url, token: alice });
      const second = await connect({ url, token: alice });
      await expect(connect({ url, token: alice })).rejects.toThrow('HTTP 429'); // the account's cap
      const visitor = await connect({ url });
      await expect(connect({ url })).rejects.toThrow('HTTP 429'); // visitors' own cap on this address
      const bobsSocket = await connect({ url, token: bob });
      const before = identified;
      await expect(connect({ url })).rejects.toThrow('HTTP 429'); // the address's cap, refused before identify
      expect(identified).toBe(before);
      expect(capped.hub.connectionCount()).toBe(4);
      first.ws.close();
      await first.closed;
      await expect.poll(() => capped.hub.connectionCount()).toBe(3);
      const again = await connect({ url, token: alice });
      for (const client of [second, visitor, bobsSocket, again]) client.ws.close();
    } finally {
      await capped.hub.close();
      await new Promise((resolve) => capped.server.close(resolve));
    }
  });

  it("caps subscription checks per account across all its sockets, before any database work", async () => {
    let checks = 0;
    const counting: TopicAccess = {
      eventRelation: async (userId, id) => {
        checks += 1;
        return topicAccess.eventRelation(userId, id);
      },
      eventIdOfSession: topicAccess.eventIdOfSession,
      sponsorStanding: topicAccess.sponsorStanding,
    };
    const capped = await start({ maxAccountChecksPer10s: 5, access: counting });
    try {
      const sockets = [await connect({ url: capped.base, token: alice }), await connect({ url: capped.base, token: alice })];
      const answers: LiveServerMessage[] = [];
      for (let index = 0; index < 8; index += 1) {
        const client = sockets[index % 2]!;
        const topic = `event:${index === 0 ? eventId : randomUUID()}:feed`;
        client.send({ type: 'subscribe', topic });
        answers.push(await answerTo(client, topic));
      }
      expect(checks).toBe(5);
      expect(answers.slice(5).every((answer) => answer.type === 'denied')).toBe(true);
      for (const client of sockets) client.ws.close();
    } finally {
      await capped.hub.close();
      await new Promise((resolve) => capped.server.close(resolve));
    }
  });

  it('closes a socket whose session was revoked elsewhere, and it receives nothing more', async () => {
    const signedIn = new Set<string>();
    const sessionOf = new Map<string, string>();
    const revocable = await start({
      sessionCheckMs: 50,
      identify: async (headers) => {
        const caller = await identify(headers);
        if (caller?.sessionId) {
          signedIn.add(caller.sessionId);
          sessionOf.set(caller.userId, caller.sessionId);
        }
        return caller;
      },
      liveSessions: async (ids) => new Set(ids.filter((id) => signedIn.has(id))),
    });
    try {
      const victim = await connect({ url: revocable.base, token: alice });
      const other = await connect({ url: revocable.base, token: bob });
      const topic = liveTopics.userMeetings(alice);
      victim.send({ type: 'subscribe', topic });
      await answerTo(victim, topic);
      // Not polling: what is checked is that nothing happens (no close) for a while.
      await sleep(150);
      expect(revocable.hub.connectionCount()).toBe(2); // a live session stays open

      signedIn.delete(sessionOf.get(alice)!); // "sign out other devices" from another device
      expect(await victim.closed).toEqual({ code: 4001, reason: 'Session ended' });
      await bus.publish(topic, { kind: 'meeting.requested', data: { id: 'after' } });
      // Not polling: what is checked is that nothing arrives.
      await sleep(50);
      expect(victim.messages.filter((m) => m.type === 'event')).toEqual([]);
      expect(revocable.hub.connectionCount()).toBe(1);
      other.ws.close();
    } finally {
      await revocable.hub.close();
      await new Promise((resolve) => revocable.server.close(resolve));
    }
  });

  it('refuses a foreign Origin with 403 and accepts ours and the dev server', async () => {
    await expect(connect({ token: alice, origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(connect({ token: alice, origin: 'null' })).rejects.toThrow('HTTP 403');
    for (const origin of ['http://localhost:3000', 'http://localhost:5173']) {
      const client = await connect({ token: alice, origin });
      client.ws.close();
    }
  });

  it('refuses an API key: a script never holds a socket (decision 0170)', async () => {
    await expect(connect({ token: 'mgk_any-key-at-all' })).rejects.toThrow('HTTP 403');
  });

  it('destroys upgrades on other paths', async () => {
    await expect(connect({ path: '/api/other' })).rejects.toThrow();
    await expect(connect({ path: '/api/live/x' })).rejects.toThrow();
  });

  it('ignores bad messages, then closes with 1008 after too many', async () => {
    const client = await connect({ token: alice });
    client.send('not json');
    client.send({ type: 'subscribe', topic: 'event:../../etc:feed' });
    client.send({ type: 'shout' });
    const topic = liveTopics.userAccount(alice);
    client.send({ type: 'subscribe', topic });
    expect((await answerTo(client, topic)).type).toBe('subscribed');
    for (let i = 0; i < 10; i += 1) client.send({ nope: i });
    expect((await client.closed).code).toBe(1008);
  });

  it('caps the topics of one socket', async () => {
    const capped = await start({ maxTopicsPerSocket: 2 });
    try {
      const client = await connect({ token: alice, url: capped.base });
      const topics = [liveTopics.userAccount(alice), liveTopics.userMessages(alice), liveTopics.userMeetings(alice)];
      for (const topic of topics) client.send({ type: 'subscribe', topic });
      const answers = await Promise.all(topics.map((topic) => answerTo(client, topic)));
      expect(answers.map((a) => a.type)).toEqual(['subscribed', 'subscribed', 'denied']);
      // Subscribing again to a topic it holds is answered, not counted twice.
      client.send({ type: 'subscribe', topic: topics[0] });
      await expect.poll(() => client.messages.filter((m) => m.type === 'subscribed' && m.topic === topics[0])).toHaveLength(2);
    } finally {
      await capped.hub.close();
      capped.server.close();
    }
  });

  it('pings; keeps a socket that answers with pong and terminates a silent one', async () => {
    // An idle timeout of a second: on a loaded machine (both CI lanes at once) the event loop can stall for 200 ms,
    // which would cut the answering socket too and fail the test for the machine's sake, not the hub's.
    const quick = await start({ heartbeatMs: 100, idleTimeoutMs: 1_000 });
    try {
      // autoPong off: the ws library would otherwise answer the protocol pings by itself.
      const answering = await connect({ token: alice, url: quick.base, autoPong: false });
      answering.ws.on('message', (data) => {
        if ((JSON.parse(String(data)) as LiveServerMessage).type === 'ping') answering.send({ type: 'pong' });
      });
      const silent = await connect({ token: bob, url: quick.base, autoPong: false });
      expect(await answering.next((m) => m.type === 'ping')).toEqual({ type: 'ping' });
      await silent.closed;
      // Not polling: the answering socket must outlive two idle timeouts, which only time can show.
      await sleep(2_000);
      expect(answering.ws.readyState).toBe(WebSocket.OPEN);
      expect(quick.hub.connectionCount()).toBe(1);
      answering.ws.close();
    } finally {
      await quick.hub.close();
      quick.server.close();
    }
  });

  it('terminates a socket that does not read', async () => {
    const small = await start({ maxBufferedBytes: 64 * 1024 });
    try {
      const client = await connect({ token: alice, url: small.base });
      const topic = liveTopics.userAccount(alice);
      client.send({ type: 'subscribe', topic });
      await answerTo(client, topic);
      // Stop reading: the server's socket buffer fills up once the kernel buffers are full.
      client.ws.pause();
      const data = 'x'.repeat(7000);
      let closed = false;
      void client.closed.then(() => (closed = true));
      for (let i = 0; i < 3000 && small.hub.connectionCount() > 0; i += 1) {
        await bus.publish(topic, { kind: 'flood', data });
        // PGlite answers without I/O; let the event loop run socket callbacks as a real server's would.
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(small.hub.connectionCount()).toBe(0);
      client.ws.resume();
      await client.closed;
      expect(closed).toBe(true);
    } finally {
      await small.hub.close();
      small.server.close();
    }
  });

  it('counts connections and closes them all with 1012 Service Restart', async () => {
    const own = await start();
    const clients = await Promise.all([connect({ url: own.base }), connect({ token: alice, url: own.base })]);
    await expect.poll(() => own.hub.connectionCount()).toBe(2);
    await own.hub.close();
    for (const client of clients) expect((await client.closed).code).toBe(1012);
    expect(own.hub.connectionCount()).toBe(0);
    own.server.close();
  });
});
