// Feed fan-out benchmark (issue 7 and 9): N attendees of one event, each signed in with a WebSocket of their own on
// /api/live subscribed to the event's feed topic, while an attendee posts to the feed over HTTP; run at 1,000 and at
// 10,000 clients, each on a freshly started server. Measures, per post and client, the time from the
// POST /api/events/{id}/feed to that client hearing `post.created`; prints p50/p95/p99 over all deliveries, the
// deliveries never heard, and the server's memory per connection (its resident memory with the clients connected
// minus before they connected, divided by the clients). The real server runs as its own process on a fresh
// PostgreSQL database; the clients all run in this process. Printed, not asserted; targets: p95 < 100 ms at 1,000
// and < 300 ms at 10,000, none lost.
//
//   node bench/feed-fanout.mjs [clients=1000,10000] [posts=20] [gap between posts in ms=500]
//
// Each side holds one file descriptor per client: the script raises its soft open-file limit (`ulimit -n`) towards
// the hard one when it needs more, and stops with a clear message when even the hard limit is too low.
import { chunks, connectClients, cpuMillis, freshDatabase, machineNote, ms, percentiles, quick, report, residentBytes, runUnderTsx, signedInPeople, sleep, startServer } from './bench-kit.mjs';

const [SIZES = quick ? '1000' : '1000,10000', POSTS = quick ? 5 : 20, GAP_MS = 500] = process.argv.slice(2);
const sizes = String(SIZES).split(',').map(Number);
const posts = Number(POSTS);
const gapMs = Number(GAP_MS);
/** Sockets beside the clients: the database pool, the server's listener, stdio, the module loader. */
const SPARE_FILES = 500;
runUnderTsx(import.meta.url, { openFiles: Math.max(...sizes) + SPARE_FILES });

const HEARD_WITHIN_MS = 10_000;
const TARGET_P95_MS = { 1000: 100, 10000: 300 };

const { spawnSync } = await import('node:child_process');
const { sql } = await import('drizzle-orm');
const { liveTopics } = await import('@mingle/shared/core/live');
const { createEvent } = await import('../apps/server/src/test/event-factories.ts');
const schema = await import('../apps/server/src/platform/db/schema.ts');

const openFiles = Number(spawnSync('sh', ['-c', 'ulimit -Sn'], { encoding: 'utf8' }).stdout.trim());
if (openFiles < Math.max(...sizes) + SPARE_FILES) {
  console.error(`the open-file limit is ${openFiles}: too low for ${Math.max(...sizes)} clients (raise the hard limit, ulimit -Hn)`);
  process.exit(1);
}

const database = await freshDatabase('fanout');
try {
  const audienceSize = Math.max(...sizes);
  console.log(`seeding ${audienceSize} attendees of one event on PostgreSQL…`);
  const [poster, ...audience] = await signedInPeople(database.db, audienceSize + 1, 'reader');
  const event = await createEvent({ db: database.db }, poster.id);
  for (const part of chunks([poster, ...audience])) {
    await database.db.insert(schema.eventAttendees).values(part.map((person) => ({ eventId: event.id, userId: person.id })));
    await database.db.insert(schema.userEventAccess).values(part.map((person) => ({ eventId: event.id, userId: person.id, accessType: 'registered_attendee' })));
  }
  await database.db.execute(sql`analyze`);
  for (const size of sizes) await fanOut(event, poster, audience.slice(0, size));
} finally {
  await database.drop();
}

/** One round on a fresh server: `readers` connect, `posts` posts go out, every delivery is timed. */
async function fanOut(event, poster, readers) {
  // Every client connects from 127.0.0.1, as a venue's hall does from one NAT address: the operator's setting for
  // that case lifts the per-address socket cap (2,000 by default) above the clients.
  const server = await startServer(database.url, { env: { LIVE_SOCKETS_PER_IP: String(readers.length + SPARE_FILES) } });
  let clients;
  try {
    // When each post's POST began, by post id; the id is known only once the POST answers, so deliveries heard
    // earlier wait in `early` (by post id) until then.
    const postedAt = new Map();
    const early = new Map();
    const latencies = [];
    const answered = [];
    const topic = liveTopics.eventFeed(event.id);
    await sleep(1000); // let start-up garbage settle before the baseline
    const rssBefore = residentBytes(server.pid);
    console.log(`\n${readers.length} clients: connecting…`);
    clients = await connectClients(server.base, readers, () => topic, (_person, message, receivedAt) => {
      if (message.event.kind !== 'post.created') return;
      const { postId } = message.event.data;
      if (postedAt.has(postId)) latencies.push(receivedAt - postedAt.get(postId));
      else if (early.has(postId)) early.get(postId).push(receivedAt);
      else early.set(postId, [receivedAt]);
    });
    await sleep(1000);
    const perConnection = (residentBytes(server.pid) - rssBefore) / readers.length;

    console.log(`posting ${posts} times, ${gapMs} ms apart…`);
    // CPU time of the server and of this process (every client) while posting: on a small machine the clients'
    // share shows how much of the latency is the clients reading, not the server sending.
    const serverCpuBefore = cpuMillis(server.pid);
    const clientCpuBefore = process.cpuUsage();
    let posted = 0;
    for (let index = 0; index < posts; index++) {
      const began = performance.now();
      const response = await fetch(`${server.base}/api/events/${event.id}/feed`, {
        method: 'POST',
        headers: { authorization: `Bearer ${poster.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `Announcement ${index}: the keynote starts in ten minutes in the Main Hall.` }),
      });
      const body = await response.json();
      answered.push(performance.now() - began);
      if (response.status !== 201) throw new Error(`the post was refused: ${response.status} ${JSON.stringify(body)}`);
      posted += 1;
      postedAt.set(body.id, began);
      for (const receivedAt of early.get(body.id) ?? []) latencies.push(receivedAt - began);
      early.delete(body.id);
      await sleep(gapMs);
    }
    const expected = posted * readers.length;
    const deadline = performance.now() + HEARD_WITHIN_MS;
    while (latencies.length < expected && performance.now() < deadline) await sleep(50);
    const serverCpu = (cpuMillis(server.pid) - serverCpuBefore) / posted;
    const clientCpuUsed = process.cpuUsage(clientCpuBefore);
    const clientCpu = (clientCpuUsed.user + clientCpuUsed.system) / 1000 / posted;

    const { p50, p95, p99, max } = percentiles(latencies);
    const lost = expected - latencies.length;
    console.log('');
    console.log(`${readers.length} subscribed clients, ${posted} posts: ${expected} deliveries expected`);
    console.log(`delivery latency: p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}  max ${ms(max)}`);
    const post = percentiles(answered);
    console.log(`the POST itself (answered): p50 ${ms(post.p50)}  p95 ${ms(post.p95)}`);
    console.log(`lost (not heard within ${HEARD_WITHIN_MS / 1000} s): ${lost}`);
    console.log(`CPU a post: server ${serverCpu.toFixed(0)} ms, these clients ${clientCpu.toFixed(0)} ms (of ${gapMs} ms between posts)`);
    console.log(`server memory: ${(perConnection / 1024).toFixed(1)} kB per connection (resident ${(rssBefore / 2 ** 20).toFixed(0)} MiB before the clients)`);
    const target = TARGET_P95_MS[readers.length];
    console.log(`target: p95 < ${target ?? '(none at this size)'} ms, none lost`);
    console.log(machineNote());

    const at = `${readers.length.toLocaleString('en')} clients`;
    const figure = { bench: 'feed-fanout', unit: 'ms', better: 'lower' };
    report({ ...figure, name: `delivery p50, ${at}`, value: p50 });
    report({ ...figure, name: `delivery p95, ${at}`, value: p95, target: target === undefined ? undefined : { op: '<', value: target } });
    report({ ...figure, name: `delivery p99, ${at}`, value: p99 });
    report({ ...figure, name: `deliveries lost, ${at}`, value: lost, unit: 'deliveries', target: { op: '=', value: 0 } });
    report({ ...figure, name: `server memory per connection, ${at}`, value: perConnection / 1024, unit: 'kB' });
  } finally {
    await clients?.close();
    await server.stop();
  }
}
