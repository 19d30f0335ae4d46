import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveTopics } from '@mingle/shared/core/live';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createLogger } from '../../logger.ts';
import { killRedisClients, redisAnswers, redisClientIds, silenceableRedis, testRedisUrl, withRedis } from '../../test/redis.ts';
import { createLiveBus, LIVE_CHANNEL, LivePayloadTooLargeError, type LiveBus, type LiveMessage } from './bus.ts';
import { createRedisLiveBus } from './bus-redis.ts';

const log = createLogger('silent', false);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await sleep(10);
  }
}

/**
 * Publishes until `heard()` holds: a bus whose connection was just lost hears nothing sent meanwhile (neither NOTIFY
 * nor pub/sub is durable), so a test cannot send once and wait.
 */
async function publishUntil(heard: () => boolean, publish: () => Promise<unknown>, failure: string, { timeoutMs = 5_000, everyMs = 50 } = {}) {
  const start = Date.now();
  while (!heard()) {
    if (Date.now() - start > timeoutMs) throw new Error(failure);
    await publish();
    await sleep(everyMs);
  }
}

/** Collects what a bus delivers on one topic (the topic is unique per test, so tests never see each other's). */
function collect(bus: LiveBus, topic: string): LiveMessage[] {
  const received: LiveMessage[] = [];
  bus.onMessage((message) => {
    if (message.topic === topic) received.push(message);
  });
  return received;
}

/** Two processes' buses: a publish made in a transaction reaches both only after the commit, never after a rollback. */
async function expectCommittedPublishesCross(database: DatabaseHandle, busA: LiveBus, busB: LiveBus) {
  const topic = liveTopics.eventFeed(randomUUID());
  const inA = collect(busA, topic);
  const inB = collect(busB, topic);
  await database.db.transaction(async (tx) => {
    await busA.publish(topic, { kind: 'post.created', data: { id: 'p1' } }, tx);
    // Not polling: what is checked is that nothing arrives before the commit.
    await sleep(150);
    expect(inB).toEqual([]);
  });
  await waitFor(() => inA.length === 1 && inB.length === 1);
  expect(inB[0]).toEqual({ topic, event: { kind: 'post.created', data: { id: 'p1' } } });

  await expect(
    database.db.transaction(async (tx) => {
      await busA.publish(topic, { kind: 'post.created', data: { id: 'rolled-back' } }, tx);
      throw new Error('rollback');
    }),
  ).rejects.toThrow('rollback');
  await busB.publish(topic, { kind: 'post.created', data: { id: 'p2' } });
  await waitFor(() => inA.length === 2 && inB.length === 2);
  expect(inA.map((m) => (m.event.data as { id: string }).id)).toEqual(['p1', 'p2']);
  expect(inB.map((m) => (m.event.data as { id: string }).id)).toEqual(['p1', 'p2']);
}

/** One bus under test: the same behaviours must hold whichever carries the messages. */
interface BusUnderTest {
  bus: LiveBus;
  /** Sends a payload as it is, past the bus's own checks, on the channel the bus listens to. */
  sendRaw(payload: string): Promise<void>;
  close(): Promise<void>;
}

const redisUp = await redisAnswers();

const buses: { name: string; skip: boolean; open(handle: DatabaseHandle): Promise<BusUnderTest> }[] = [
  {
    name: 'PostgreSQL NOTIFY (PGlite)',
    skip: false,
    async open(handle) {
      const bus = await createLiveBus(handle, log);
      return {
        bus,
        sendRaw: async (payload) => {
          await handle.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
        },
        close: () => bus.close(),
      };
    },
  },
  {
    name: 'Redis pub/sub',
    skip: !redisUp,
    async open() {
      const channel = `mingle_live_test_${randomUUID()}`;
      const bus = await createRedisLiveBus(testRedisUrl, log, { channel });
      return {
        bus,
        sendRaw: (payload) => withRedis(async (redis) => void (await redis.publish(channel, payload))),
        close: () => bus.close(),
      };
    },
  },
];

describe.each(buses)('live bus on $name', ({ skip, open }) => {
  let handle: DatabaseHandle;
  let underTest: BusUnderTest;
  let bus: LiveBus;
  beforeAll(async () => {
    if (skip) return;
    // Transactions come from PGlite for both buses: the Redis bus must hold a publish until the commit by itself.
    handle = await openDatabase({});
    underTest = await open(handle);
    bus = underTest.bus;
  });
  afterAll(async () => {
    await underTest?.close();
    await handle?.close();
  });
  it.skipIf(skip)('delivers a publish made inside a transaction only after the commit', async () => {
    const topic = liveTopics.eventFeed(randomUUID());
    const received = collect(bus, topic);
    await handle.db.transaction(async (tx) => {
      await bus.publish(topic, { kind: 'post.created', data: { id: 'p1' } }, tx);
      // Not polling: what is checked is that nothing arrives before the commit.
      await sleep(100);
      expect(received).toEqual([]);
    });
    await waitFor(() => received.length === 1);
    expect(received[0]).toEqual({ topic, event: { kind: 'post.created', data: { id: 'p1' } } });
  });

  it.skipIf(skip)('never delivers a publish whose transaction rolled back', async () => {
    const topic = liveTopics.eventFeed(randomUUID());
    const received = collect(bus, topic);
    await expect(
      handle.db.transaction(async (tx) => {
        await bus.publish(topic, { kind: 'post.created', data: { id: 'rolled-back' } }, tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    // A later publish arrives; the rolled-back one, which would have come first, never does.
    await bus.publish(topic, { kind: 'post.created', data: { id: 'after' } });
    await waitFor(() => received.length >= 1);
    // Not polling: what is checked is that nothing more arrives.
    await sleep(50);
    expect(received.map((message) => (message.event.data as { id: string }).id)).toEqual(['after']);
  });

  it.skipIf(skip)('keeps the order of publishes', async () => {
    const topic = liveTopics.sessionQa(randomUUID());
    const received = collect(bus, topic);
    for (let i = 0; i < 20; i += 1) await bus.publish(topic, { kind: 'question.created', data: { i } });
    await waitFor(() => received.length === 20);
    expect(received.map((message) => (message.event.data as { i: number }).i)).toEqual([...Array(20).keys()]);
  });

  it.skipIf(skip)('refuses an oversize payload (counted in bytes, not characters) instead of truncating it', async () => {
    const topic = liveTopics.eventFeed(randomUUID());
    const received = collect(bus, topic);
    await expect(bus.publish(topic, { kind: 'post.created', data: { text: 'x'.repeat(8000) } })).rejects.toBeInstanceOf(
      LivePayloadTooLargeError,
    );
    // 4000 characters, 8000 bytes in UTF-8.
    await expect(bus.publish(topic, { kind: 'post.created', data: { text: 'é'.repeat(4000) } })).rejects.toBeInstanceOf(
      LivePayloadTooLargeError,
    );
    await bus.publish(topic, { kind: 'post.created', data: { text: 'x'.repeat(7000) } });
    await waitFor(() => received.length === 1);
    expect((received[0]!.event.data as { text: string }).text).toHaveLength(7000);
  });

  it.skipIf(skip)('refuses an unknown topic and an event without a kind', async () => {
    await expect(bus.publish('event:nope:feed', { kind: 'x' })).rejects.toThrow(/Unknown live topic/);
    await expect(bus.publish(liveTopics.eventFeed(randomUUID()), { kind: '' })).rejects.toThrow(/kind/);
  });

  it.skipIf(skip)('a failing handler does not stop the others', async () => {
    const topic = liveTopics.eventFeed(randomUUID());
    const off = bus.onMessage(() => {
      throw new Error('boom');
    });
    const received = collect(bus, topic);
    await bus.publish(topic, { kind: 'post.liked' });
    await waitFor(() => received.length === 1);
    off();
  });
  it.skipIf(skip)("never delivers a publish of a rolled-back savepoint, and delivers the rest of the transaction", async () => {
    const topic = liveTopics.eventFeed(randomUUID());
    const received = collect(bus, topic);
    await handle.db.transaction(async (tx) => {
      await bus.publish(topic, { kind: 'post.created', data: { id: 'before' } }, tx);
      await expect(
        tx.transaction(async (savepoint) => {
          await bus.publish(topic, { kind: 'post.created', data: { id: 'rolled-back' } }, savepoint);
          throw new Error('savepoint rollback');
        }),
      ).rejects.toThrow('savepoint rollback');
      await tx.transaction(async (savepoint) => bus.publish(topic, { kind: 'post.created', data: { id: 'released' } }, savepoint));
      await bus.publish(topic, { kind: 'post.created', data: { id: 'after' } }, tx);
    });
    // The marker is published last: once it is here, everything published before it has been delivered or dropped.
    await bus.publish(topic, { kind: 'marker' });
    await waitFor(() => received.some((message) => message.event.kind === 'marker'));
    expect(received.map((message) => (message.event.data as { id?: string } | undefined)?.id)).toEqual(['before', 'released', 'after', undefined]);
  });

  it.skipIf(skip)('ignores payloads that are not JSON or carry no valid message, and goes on delivering', async () => {
    const topic = liveTopics.eventFeed(randomUUID());
    const received = collect(bus, topic);
    for (const payload of ['not json', 'null', '42', JSON.stringify({ t: topic, e: null }), JSON.stringify({ t: topic, e: { kind: 5 } }), JSON.stringify({ t: 'event:nope:feed', e: { kind: 'x' } })]) {
      await underTest.sendRaw(payload);
    }
    await bus.publish(topic, { kind: 'post.created' });
    // Sent after all the others on the same channel: once it is here, they have been read and ignored.
    await waitFor(() => received.length === 1);
    expect(received).toEqual([{ topic, event: { kind: 'post.created' } }]);
  });

});

const databaseUrl = process.env.TEST_DATABASE_URL;

/** Names the connections of one handle, so a test can find (and kill) exactly its own. */
function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

describe.skipIf(!databaseUrl)('live bus on PostgreSQL, two processes', () => {
  const secondName = `mingle-bus-test-${randomUUID()}`;
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let busA: LiveBus;
  let busB: LiveBus;
  beforeAll(async () => {
    first = await openDatabase({ url: databaseUrl });
    second = await openDatabase({ url: withApplicationName(databaseUrl!, secondName) });
    busA = await createLiveBus(first, log, { healthCheckMs: 200 });
    busB = await createLiveBus(second, log, { healthCheckMs: 200 });
  });
  afterAll(async () => {
    await busA?.close();
    await busB?.close();
    await first?.close();
    await second?.close();
  });

  it("one process's publish reaches the other, and itself, after commit only", () => expectCommittedPublishesCross(first, busA, busB));

  it("listens again after its LISTEN connection is killed, and hears the other process again", async () => {
    const topic = liveTopics.eventFeed(randomUUID());
    const inB = collect(busB, topic);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      // Only process B's listener: other test files share this database and have listeners of their own.
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1 and query ilike 'LISTEN %'`,
        [secondName],
      );
      expect(killed.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    // NOTIFY is not durable: what is sent while a listener is down is lost, so keep publishing until it is back.
    await publishUntil(() => inB.length > 0, () => busA.publish(topic, { kind: 'post.created' }), 'the bus did not listen again', { timeoutMs: 10_000, everyMs: 100 });
  });

  it('notices a lost LISTEN by itself, says so while it is down, and listens again without any probe', async () => {
    const name = `mingle-bus-test-${randomUUID()}`;
    const third = await openDatabase({ url: withApplicationName(databaseUrl!, name) });
    // No health probe at all: only the connection's end can tell the bus. The first retry waits 400 ms, so the test
    // can see the down state that readiness reports.
    const busC = await createLiveBus(third, log, { healthCheckMs: 0, reconnectBaseMs: 400 });
    try {
      expect(busC.isListening()).toBe(true);
      const topic = liveTopics.eventFeed(randomUUID());
      const inC = collect(busC, topic);
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const killed = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = $1 and query ilike 'LISTEN %'`,
          [name],
        );
        expect(killed.rowCount).toBe(1);
      } finally {
        await admin.end();
      }
      await waitFor(() => !busC.isListening());
      await waitFor(() => busC.isListening());
      await publishUntil(() => inC.length > 0, () => busA.publish(topic, { kind: 'post.created' }), 'the bus did not hear again');
    } finally {
      await busC.close();
      await third.close();
    }
  });
});

describe.skipIf(!redisUp)('live bus on Redis, two processes', () => {
  const channel = `mingle_live_test_${randomUUID()}`;
  let handle: DatabaseHandle;
  let busA: LiveBus;
  let busB: LiveBus;
  beforeAll(async () => {
    handle = await openDatabase({});
    busA = await createRedisLiveBus(testRedisUrl, log, { channel });
    busB = await createRedisLiveBus(testRedisUrl, log, { channel });
  });
  afterAll(async () => {
    await busA?.close();
    await busB?.close();
    await handle?.close();
  });

  it("one process's publish reaches the other, and itself, after commit only", () => expectCommittedPublishesCross(handle, busA, busB));

  it('notices a killed subscriber connection, says so while it is down, and hears again once reconnected', async () => {
    const name = `mingle-bus-test-${randomUUID()}`;
    // The first retry waits 400 ms, so the test can see the down state that readiness reports.
    const busC = await createRedisLiveBus(testRedisUrl, log, { channel, connectionName: name, reconnectBaseMs: 400 });
    try {
      expect(busC.isListening()).toBe(true);
      const topic = liveTopics.eventFeed(randomUUID());
      const inC = collect(busC, topic);
      expect(await killRedisClients(`${name}-subscriber`)).toBe(1);
      await waitFor(() => !busC.isListening());
      await waitFor(() => busC.isListening());
      // Pub/sub is not durable: what is sent while a subscriber is down is lost, so keep publishing until it hears.
      await publishUntil(() => inC.length > 0, () => busA.publish(topic, { kind: 'post.created' }), 'the bus did not hear again');
    } finally {
      await busC.close();
    }
  });

  it('publishes again after its publisher connection is killed', async () => {
    const name = `mingle-bus-test-${randomUUID()}`;
    const busC = await createRedisLiveBus(testRedisUrl, log, { channel, connectionName: name });
    try {
      const topic = liveTopics.eventFeed(randomUUID());
      const inB = collect(busB, topic);
      expect(await killRedisClients(`${name}-publisher`)).toBe(1);
      // While it reconnects a publish fails at once instead of waiting in a queue.
      await publishUntil(() => inB.length > 0, () => busC.publish(topic, { kind: 'post.created' }).catch(() => undefined), 'the bus did not publish again');
    } finally {
      await busC.close();
    }
  });

  it('notices connections that went silent without closing, by its probe, and hears again on new ones', async () => {
    const relay = await silenceableRedis();
    // Probes every 200 ms; the first retry waits 400 ms, so the test can see the down state that readiness reports.
    const busC = await createRedisLiveBus(relay.url, log, { channel, healthCheckMs: 200, reconnectBaseMs: 400 });
    try {
      const topic = liveTopics.eventFeed(randomUUID());
      const inC = collect(busC, topic);
      await busA.publish(topic, { kind: 'post.created', data: { id: 'before' } });
      await waitFor(() => inC.length === 1);
      relay.silence();
      await waitFor(() => !busC.isListening());
      await waitFor(() => busC.isListening());
      await publishUntil(() => inC.length > 1, () => busA.publish(topic, { kind: 'post.created', data: { id: 'after' } }), 'the bus did not hear again');
      // And it publishes again through its new publisher connection (a publish fails at once until that is up).
      const inB = collect(busB, topic);
      await publishUntil(() => inB.length > 0, () => busC.publish(topic, { kind: 'post.created', data: { id: 'from C' } }).catch(() => undefined), 'the bus did not publish again');
    } finally {
      await busC.close();
      await relay.close();
    }
  });

  it('refuses to start when Redis does not answer, leaving no connection trying', async () => {
    // Port 1 (tcpmux) has no listener here: the connection is refused at once.
    await expect(createRedisLiveBus('redis://127.0.0.1:1', log)).rejects.toThrow();
  });

  it('closes both of its connections, and refuses to publish once closed', async () => {
    const name = `mingle-bus-test-${randomUUID()}`;
    const busC = await createRedisLiveBus(testRedisUrl, log, { channel, connectionName: name });
    expect(await redisClientIds(`${name}-subscriber`)).toHaveLength(1);
    expect(await redisClientIds(`${name}-publisher`)).toHaveLength(1);
    await busC.close();
    expect(busC.isListening()).toBe(false);
    await expect(busC.publish(liveTopics.eventFeed(randomUUID()), { kind: 'post.created' })).rejects.toThrow(/closed/);
    // The server drops a connection when it reads its end, which may come a moment after close() returns.
    await vi.waitFor(async () => expect([...(await redisClientIds(`${name}-subscriber`)), ...(await redisClientIds(`${name}-publisher`))]).toEqual([]));
  });
});
