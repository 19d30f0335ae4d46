// Feed growth benchmark (issue 7): the first page of an event's feed with 100,000 posts (by 1,000 authors, with likes
// and a few pinned posts) against an event with 100, through the whole app (app.request: session, authorization,
// queries, JSON) on a fresh PostgreSQL database of its own. Prints p50/p95 of each and their p95 ratio. Printed,
// not asserted; the target is a ratio within 1.5x, which holds only while the page is one index scan.
//
//   node bench/feed-growth.mjs [big=100000] [small=100]
import { freshDatabase, machineNote, ms, percentiles, quick, reportGrowth, runUnderTsx, signedInPeople } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const [BIG = quick ? 10_000 : 100_000, SMALL = 100] = process.argv.slice(2).map(Number);
const AUTHORS = quick ? 100 : 1_000;
const LIKES_PER_POST = 3;
const PINNED = 3;
const WARMUP = 30;
const RUNS = 300;

const { sql } = await import('drizzle-orm');
const { createEvent } = await import('../apps/server/src/test/event-factories.ts');
const schema = await import('../apps/server/src/platform/db/schema.ts');

const database = await freshDatabase('feed');
process.env.TEST_DATABASE_URL = database.url; // the harness below serves this database (already migrated)
const { startTestServer } = await import('../apps/server/src/test/harness.ts');
const server = await startTestServer({ LOG_LEVEL: 'silent' });
try {
  console.log(`seeding ${BIG} and ${SMALL} posts on PostgreSQL…`);
  const db = database.db;
  const [viewer, ...authors] = await signedInPeople(db, AUTHORS + 1, 'poster');
  const big = await createEvent({ db }, viewer.id, { name: 'Big feed' });
  const small = await createEvent({ db }, viewer.id, { name: 'Small feed' });
  await db.insert(schema.eventAttendees).values([big, small].map((event) => ({ eventId: event.id, userId: viewer.id })));
  const authorIds = sql.raw(`array[${authors.map((author) => `'${author.id}'::uuid`).join(',')}]`);
  // One statement per event: posts a minute apart going back from now, each by one of the authors; a few pinned.
  const seedPosts = (eventId, count) =>
    db.execute(sql`insert into ${schema.eventFeed} (event_id, author_id, content, is_pinned, created_at)
      select ${eventId}::uuid, (${authorIds})[1 + n % ${AUTHORS}],
        'Post ' || n || ': slides from the keynote are up, and the coffee in the foyer is excellent today.',
        n <= ${PINNED}, now() - make_interval(mins => n)
      from generate_series(1, ${count}) as n`);
  await seedPosts(big.id, BIG);
  await seedPosts(small.id, SMALL);
  // Likes: each post liked by a few authors (the page shows a count and whether the viewer liked it).
  await db.execute(sql`insert into ${schema.eventFeedLikes} (feed_id, user_id)
    select f.id, (${authorIds})[1 + (abs(hashtext(f.id::text)) + k) % ${AUTHORS}]
    from ${schema.eventFeed} f, generate_series(1, ${LIKES_PER_POST}) as k
    on conflict do nothing`);
  await db.execute(sql`analyze`);

  const headers = { authorization: `Bearer ${viewer.token}` };
  async function measure(eventId) {
    const times = [];
    let posts = 0;
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const began = performance.now();
      const response = await server.request(`/api/events/${eventId}/feed`, { headers });
      const body = await response.text();
      const elapsed = performance.now() - began;
      if (response.status !== 200) throw new Error(`the feed answered ${response.status}: ${body}`);
      posts = JSON.parse(body).posts.length;
      if (run >= WARMUP) times.push(elapsed);
    }
    return { ...percentiles(times), posts };
  }

  // Alternate the two a few rounds so neither gets all the warm caches; keep each one's best round.
  const rounds = { small: [], big: [] };
  for (let round = 0; round < 3; round++) {
    rounds.small.push(await measure(small.id));
    rounds.big.push(await measure(big.id));
  }
  const best = (list) => list.reduce((a, b) => (b.p95 < a.p95 ? b : a));
  const s = best(rounds.small);
  const b = best(rounds.big);
  console.log('');
  console.log(`feed first page, ${String(SMALL).padStart(6)} posts: p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  (${s.posts} on the page)`);
  console.log(`feed first page, ${String(BIG).padStart(6)} posts: p50 ${ms(b.p50)}  p95 ${ms(b.p95)}  (${b.posts} on the page)`);
  console.log(`p95 ratio big / small: ${(b.p95 / s.p95).toFixed(2)}x   target: within 1.5x`);
  console.log(machineNote());
  reportGrowth('feed-growth', 'feed first page', { label: `${SMALL.toLocaleString('en')} posts`, p95: s.p95 }, { label: `${BIG.toLocaleString('en')} posts`, p95: b.p95 });
} finally {
  await server.close();
  await database.drop();
}
