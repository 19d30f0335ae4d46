// Live bus benchmark (issue 22, decision 0176): how many small writing transactions per second commit when each one
// publishes a live hint, on PostgreSQL NOTIFY and on Redis pub/sub, beside the same transactions publishing nothing.
// WRITERS connections insert one row and publish one hint per transaction, as fast as they can, for SECONDS per
// round, while LISTENERS buses (standing for that many server processes) listen; the three modes alternate, ROUNDS
// times each, on a fresh PostgreSQL database of its own and the Redis at BENCH_REDIS_URL. Prints commits per second
// per mode (the best round, the least disturbed by the rest of the machine) and NOTIFY's and Redis's ratio to the
// silent transactions; every hint heard by every listener is counted, so a bus that loses hints shows it.
// NOTIFY's commit lock (docs/scaling.md) caps notifying commits at about one per commit latency, whatever WRITERS is.
// Printed, not asserted.
//
//   node bench/live-bus.mjs [writers=8] [seconds=5] [rounds=2] [listeners=2]
import { freshDatabase, machineNote, quick, report, runUnderTsx } from './bench-kit.mjs';

const [WRITERS = 8, SECONDS = quick ? 2 : 5, ROUNDS = quick ? 1 : 2, LISTENERS = 2] = process.argv.slice(2).map(Number);
runUnderTsx(import.meta.url);

const { randomUUID } = await import('node:crypto');
const { sql } = await import('drizzle-orm');
const { liveTopics } = await import('@mingle/shared/core/live');
const { openDatabase } = await import('../apps/server/src/platform/db/client.ts');
const { createLiveBus } = await import('../apps/server/src/platform/live/bus.ts');
const { createRedisLiveBus } = await import('../apps/server/src/platform/live/bus-redis.ts');
const { createLogger } = await import('../apps/server/src/logger.ts');

const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = createLogger('warn', false);
const database = await freshDatabase('live_bus');
// The server's pool has 10 connections: more writers would wait for one, not for the bus.
if (WRITERS > 10) throw new Error('at most 10 writers (the pool size)');
const handles = [await openDatabase({ url: database.url })];
for (let i = 0; i < LISTENERS; i += 1) handles.push(await openDatabase({ url: database.url }));
const writer = handles[0];
await writer.db.execute(sql`create table bench_live_bus (id bigserial primary key, at timestamptz not null default now())`);

// One channel of this run's own on a Redis others may share.
const channel = `mingle_live_bench_${randomUUID()}`;
const buses = {
  notify: await Promise.all(handles.map((handle) => createLiveBus(handle, log, { healthCheckMs: 0 }))),
  redis: await Promise.all(handles.map(() => createRedisLiveBus(redisUrl, log, { channel }))),
};
const topic = liveTopics.eventFeed(randomUUID());
const heard = { notify: 0, redis: 0 };
for (const mode of ['notify', 'redis']) {
  // The listeners: every bus but the writer's, as the other processes would.
  for (const bus of buses[mode].slice(1)) bus.onMessage((message) => message.topic === topic && (heard[mode] += 1));
}

async function round(mode) {
  const publisher = mode === 'none' ? undefined : buses[mode][0];
  const before = heard[mode] ?? 0;
  const end = Date.now() + SECONDS * 1000;
  let commits = 0;
  const work = async () => {
    while (Date.now() < end) {
      await writer.db.transaction(async (tx) => {
        await tx.execute(sql`insert into bench_live_bus default values`);
        await publisher?.publish(topic, { kind: 'post.created', data: { postId: randomUUID() } }, tx);
      });
      commits += 1;
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, work));
  if (publisher) {
    // Let the last hints arrive before counting what was lost.
    const expected = before + commits * LISTENERS;
    for (let wait = 0; wait < 50 && heard[mode] < expected; wait += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    const lost = expected - heard[mode];
    if (lost > 0) console.log(`  ${mode}: ${lost} hints not heard`);
  }
  return commits / SECONDS;
}

console.log(`Live bus: ${WRITERS} writers, ${LISTENERS} listening processes, ${SECONDS} s rounds ${machineNote()}`);
const best = { none: 0, notify: 0, redis: 0 };
try {
  for (let i = 0; i < ROUNDS; i += 1) {
    for (const mode of ['none', 'notify', 'redis']) {
      const rate = await round(mode);
      best[mode] = Math.max(best[mode], rate);
      console.log(`  round ${i + 1}, ${mode.padEnd(6)}: ${rate.toFixed(0).padStart(6)} commits/s`);
    }
  }
} finally {
  for (const bus of [...buses.notify, ...buses.redis]) await bus.close();
  for (const handle of handles) await handle.close();
  await database.drop();
}

const names = { none: 'commits/s, publishing nothing', notify: 'commits/s, each publishing on NOTIFY', redis: 'commits/s, each publishing on Redis' };
for (const mode of ['none', 'notify', 'redis']) {
  console.log(`${names[mode].padEnd(40)} ${best[mode].toFixed(0).padStart(6)}${mode === 'none' ? '' : `  (${(best[mode] / best.none).toFixed(2)}x publishing nothing)`}`);
  report({
    bench: 'live-bus',
    name: names[mode],
    value: best[mode],
    unit: 'commits/s',
    better: 'higher',
    ...(mode === 'none' ? {} : { ratio: { of: 'publishing nothing', value: best[mode] / best.none } }),
  });
}
