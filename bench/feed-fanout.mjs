// Feed fan-out benchmark (issue 7): N attendees of one event (default 1,000), each signed in with a WebSocket of
// their own on /api/live subscribed to the event's feed topic, while an attendee posts to the feed over HTTP.
// Measures, per post and client, the time from the POST /api/events/{id}/feed to that client hearing
// `post.created`; prints p50/p95/p99 over all deliveries and the deliveries never heard. The real server runs as
// its own process on a fresh PostgreSQL database. Printed, not asserted; the target is p95 < 100 ms at 1,000.
//
//   node bench/feed-fanout.mjs [clients=1000] [posts=20] [gap between posts in ms=500]
import { chunks, connectClients, freshDatabase, machineNote, ms, percentiles, runUnderTsx, signedInPeople, sleep, startServer } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const [CLIENTS = 1000, POSTS = 20, GAP_MS = 500] = process.argv.slice(2).map(Number);
const HEARD_WITHIN_MS = 10_000;

const { sql } = await import('drizzle-orm');
const { liveTopics } = await import('@mingle/shared/live');
const { createEvent } = await import('../apps/server/src/test/event-factories.ts');
const schema = await import('../apps/server/src/db/schema.ts');

const database = await freshDatabase('fanout');
let server;
let clients;
try {
  console.log(`seeding ${CLIENTS} attendees of one event on PostgreSQL…`);
  const [poster, ...audience] = await signedInPeople(database.db, CLIENTS + 1, 'reader');
  const event = await createEvent({ db: database.db }, poster.id);
  for (const part of chunks([poster, ...audience])) {
    await database.db.insert(schema.eventAttendees).values(part.map((person) => ({ eventId: event.id, userId: person.id })));
    await database.db.insert(schema.userEventAccess).values(part.map((person) => ({ eventId: event.id, userId: person.id, accessType: 'registered_attendee' })));
  }
  await database.db.execute(sql`analyze`);

  server = await startServer(database.url);
  // When each post's POST began, by post id; the id is known only once the POST answers, so deliveries heard
  // earlier wait in `early` until then.
  const postedAt = new Map();
  const early = [];
  const latencies = [];
  const answered = [];
  const topic = liveTopics.eventFeed(event.id);
  console.log(`connecting ${CLIENTS} WebSocket clients…`);
  clients = await connectClients(server.base, audience, () => topic, (_person, message, receivedAt) => {
    if (message.event.kind !== 'post.created') return;
    const { postId } = message.event.data;
    if (postedAt.has(postId)) latencies.push(receivedAt - postedAt.get(postId));
    else early.push({ postId, receivedAt });
  });

  console.log(`posting ${POSTS} times, ${GAP_MS} ms apart…`);
  let posted = 0;
  for (let index = 0; index < POSTS; index++) {
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
    for (const heard of early.filter((entry) => entry.postId === body.id)) latencies.push(heard.receivedAt - began);
    await sleep(GAP_MS);
  }
  const expected = posted * audience.length;
  const deadline = performance.now() + HEARD_WITHIN_MS;
  while (latencies.length < expected && performance.now() < deadline) await sleep(50);

  const { p50, p95, p99, max } = percentiles(latencies);
  console.log('');
  console.log(`${audience.length} subscribed clients, ${posted} posts: ${expected} deliveries expected`);
  console.log(`delivery latency: p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}  max ${ms(max)}`);
  const post = percentiles(answered);
  console.log(`the POST itself (answered): p50 ${ms(post.p50)}  p95 ${ms(post.p95)}`);
  console.log(`lost (not heard within ${HEARD_WITHIN_MS / 1000} s): ${expected - latencies.length}`);
  console.log(`target: p95 < 100 ms at 1,000 clients, none lost`);
  console.log(machineNote());
} finally {
  await clients?.close();
  await server?.stop();
  await database.drop();
}
