// Conference morning benchmark (issue 22, decision 0180): what 5,000 attendees of one event do between 08:30 and
// 09:30 (sign in, the agenda and My Schedule, bookmarks, discovery and connections, the feed and likes, messages,
// check-in at the door by a volunteer, a volunteer's goodie scan), replayed open loop at rising request rates against
// the real compiled server on a fresh PostgreSQL database: first one process (no proxy), then two processes behind
// nginx (deploy/cluster.mjs). Each step sends its requests at their scheduled times whatever the answers (open loop:
// a slow answer does not delay the next request, so coordinated omission hides no latency) and measures each from its
// scheduled time. A step holds when its p95 is under 100 ms and no request failed; the figure is the highest rate
// held, stepping up until the first step that does not hold. The mix is in conference-morning-mix.mjs.
//
// Sign-ins are real: every attendee has a password account (one scrypt hash, computed once and shared by all rows),
// and the sign-in journey posts the password to Better Auth. The other requests use seeded session rows (as the other
// benchmarks do) sent as the web app's signed session cookie. The whole load comes from one address, the load
// generator's: the per-address sign-in limit (600 a minute) would stop the sign-ins at about 10 a second, which the
// mix reaches near 530 requests a second. A venue's one NAT address meets the same limit at the same rate of sign-ins
// (about 1.4 a second is the morning's average: 5,000 sign-ins in an hour), so the script raises it for its own
// address (SIGN_IN_RATE_LIMIT_PER_IP, printed) and prints at which step a single address would have been refused.
//
// On two cores the load generator, PostgreSQL and the server processes share the machine: the two-process figure is
// not twice the one-process one, and the ratio is printed as measured.
//
//   node bench/conference-morning.mjs            (BENCH_DATABASE_URL names the PostgreSQL server, default
//                                                 postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_QUICK=1 …                              1,000 attendees, 5 s steps: a smoke run
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { chunks, cpuMillis, freshDatabase, machineNote, ms, percentiles, quick, report, runUnderTsx, sessionCookie, signedInPeople, sleep } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const ATTENDEES = quick ? 1000 : 5000;
const VOLUNTEERS = 8;
const SPONSORS = 6;
const SESSIONS = 60;
const POSTS = 150;
const STEP_SECONDS = quick ? 5 : 20;
// Steps of a quarter to a half near where two shared cores give way, so one step's noise moves the figure less.
const RATES = [25, 50, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1600];
const P95_LIMIT = 100;
// A request unanswered after this long counts as failed.
const TIMEOUT_MS = 10_000;
const SIGN_IN_LIMIT_PER_ADDRESS = 600;
// What the script sets instead for its one address (see the header).
const SIGN_IN_LIMIT_RAISED = '1000000';
const HOUR = 3_600_000;

const { sql } = await import('drizzle-orm');
const schema = await import('../apps/server/src/platform/db/schema.ts');
const { selectRows } = await import('../apps/server/src/platform/db/client.ts');
const { badgeToken } = await import('../apps/server/src/areas/badges/badge-token.ts');
const { startCluster } = await import('../deploy/cluster.mjs');
const { PASSWORD, mixShares, nextJourney } = await import('./conference-morning-mix.mjs');
const fromServer = createRequire(new URL('../apps/server/package.json', import.meta.url));
const { hashPassword } = await import(pathToFileURL(fromServer.resolve('better-auth/crypto')).href);

/**
 * The morning's event, begun half an hour ago: its owner, two doors, volunteers with goodies to give, sponsors, a
 * two-day agenda, a feed, and the attendees (signed in, with a password, a personal QR token, a few bookmarks); the
 * first half already checked in (they came early: the goodie tables see them), the rest still to come through a door.
 */
async function seed(db, secret) {
  const [owner] = await signedInPeople(db, 1, 'owner');
  const start = new Date(Date.now() - HOUR / 2);
  const [event] = await db
    .insert(schema.events)
    .values({ name: 'Bench Conference Morning', slug: `bench-morning-${randomUUID().slice(0, 8)}`, startDate: start, endDate: new Date(start.getTime() + 34 * HOUR), createdBy: owner.id, allowAttendeeNetworking: true })
    .returning();
  await db.insert(schema.userRoles).values({ userId: owner.id, role: 'event_owner' });
  const points = await db
    .insert(schema.checkInPoints)
    .values(['Main entrance', 'Side entrance'].map((name, position) => ({ eventId: event.id, name, position })))
    .returning({ id: schema.checkInPoints.id });

  const volunteers = await signedInPeople(db, VOLUNTEERS, 'volunteer');
  await db.insert(schema.eventVolunteers).values(volunteers.map((v) => ({ eventId: event.id, userId: v.id, allocatedGoodies: ATTENDEES })));
  await db.insert(schema.userRoles).values(volunteers.map((v) => ({ userId: v.id, role: 'event_volunteer' })));
  await db.insert(schema.sponsors).values(Array.from({ length: SPONSORS }, (_, index) => ({ eventId: event.id, companyName: `Sponsor ${index + 1}`, description: 'Come by our booth.', boothNumber: `B${index + 1}`, createdBy: owner.id })));

  const types = ['topic', 'workshop', 'break', 'networking'];
  const sessionRows = Array.from({ length: SESSIONS }, (_, index) => {
    const startTime = new Date(start.getTime() + (index % 30) * 0.5 * HOUR + Math.floor(index / 30) * 24 * HOUR);
    return { eventId: event.id, title: `Session ${index + 1}: a talk with a realistic, longish title`, description: 'A description of a few sentences, as organizers write them. '.repeat(3), speakerName: 'Ada Lovelace', sessionType: types[index % types.length], startTime, endTime: new Date(startTime.getTime() + 0.75 * HOUR), location: `Room ${(index % 8) + 1}`, maxCapacity: 500, tags: ['ai', 'product'], hostName: types[index % types.length] === 'workshop' ? 'Grace Hopper' : null, createdBy: owner.id };
  });
  const sessions = (await db.insert(schema.sessions).values(sessionRows).returning({ id: schema.sessions.id })).map((row) => row.id);

  const people = await signedInPeople(db, ATTENDEES, 'attendee');
  const emails = new Map((await selectRows(db, sql`select id::text, email from ${schema.authUsers} where email like '%@bench-attendee.com'`)).map((row) => [row.id, row.email]));
  const hash = await hashPassword(PASSWORD);
  const interests = ['AI', 'Cloud', 'Fintech', 'Design', 'Security', 'Data', 'Health', 'Climate'];
  const expires = new Date(Date.now() + 24 * HOUR);
  const attendees = people.map((person, index) => ({
    ...person,
    email: emails.get(person.id),
    badge: badgeToken(secret, event.id, person.id),
    qrToken: randomBytes(32).toString('base64url'),
    interests: `{${interests[index % 8]},${interests[(index * 3 + 1) % 8]}}`,
  }));
  for (const part of chunks(attendees)) {
    await db.insert(schema.eventAttendees).values(part.map((a) => ({ eventId: event.id, userId: a.id })));
    await db.insert(schema.userEventAccess).values(part.map((a) => ({ eventId: event.id, userId: a.id, accessType: 'registered_attendee' })));
    await db.insert(schema.authAccounts).values(part.map((a) => ({ accountId: a.id, providerId: 'credential', userId: a.id, password: hash })));
    const rows = part.map((a) => ({ id: a.id, hash: createHash('sha256').update(a.qrToken).digest('hex'), interests: a.interests }));
    await db.execute(
      sql`update profiles set qr_token_hash = v.hash, qr_token_expires_at = ${expires}, selected_interests = v.interests::text[], job_title = 'Engineer'
          from json_to_recordset(${JSON.stringify(rows)}::json) as v(id uuid, hash text, interests text) where profiles.id = v.id`,
    );
    await db.insert(schema.sessionBookmarks).values(part.flatMap((a, k) => [0, 1, 2].map((n) => ({ sessionId: sessions[(k * 7 + n * 11) % SESSIONS], userId: a.id })))).onConflictDoNothing();
  }
  const checkedIn = attendees.slice(0, ATTENDEES / 2);
  for (const part of chunks(checkedIn)) await db.insert(schema.checkIns).values(part.map((a) => ({ eventId: event.id, userId: a.id, checkedInAt: start })));

  await db.execute(sql`insert into ${schema.eventFeed} (event_id, author_id, content, created_at)
    select ${event.id}::uuid, (array[${sql.join(attendees.slice(0, 50).map((a) => sql`${a.id}::uuid`), sql`, `)}])[1 + n % 50],
           'Post ' || n || ': the keynote room is filling up, coffee by the side entrance.', now() - n * interval '1 minute'
    from generate_series(1, ${POSTS}) as n`);
  const firstPagePosts = (await selectRows(db, sql`select id::text from event_feed where event_id = ${event.id} order by created_at desc limit 20`)).map((row) => row.id);
  await db.execute(sql`analyze`);
  return { event, points: points.map((p) => p.id), sessions, volunteers, attendees, checkedIn, arriving: attendees.slice(ATTENDEES / 2), firstPagePosts };
}

/**
 * The slots of one step: `count` requests, each the next request of one of the journeys in progress (drawn at
 * random among about two seconds' worth of them), so a person's requests come in their order, a second or two
 * apart, interleaved with everyone else's.
 */
function stepRequests(cast, rate, count) {
  const inProgress = Array.from({ length: Math.max(4, 2 * rate) }, () => nextJourney(cast));
  return Array.from({ length: count }, () => {
    const slot = Math.floor(Math.random() * inProgress.length);
    const next = inProgress[slot].shift();
    if (inProgress[slot].length === 0) inProgress[slot] = nextJourney(cast);
    return next;
  });
}

/** One request sent now; answers its time from `scheduledAt` (not from when it left) and whether it was right. */
async function send(base, headersOf, item, scheduledAt) {
  try {
    const response = await fetch(`${base}${item.path}`, {
      method: item.method,
      headers: { ...headersOf(item.as), ...item.headers, ...(item.body ? { 'content-type': 'application/json' } : {}) },
      body: item.body ? JSON.stringify(item.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    const elapsed = performance.now() - scheduledAt;
    const outcome = item.outcomes && response.status === 200 ? JSON.parse(text).outcome : undefined;
    const ok = item.ok.includes(response.status) && (!item.outcomes || item.outcomes.includes(outcome));
    return { kind: item.kind, ms: elapsed, ok, status: outcome ? `${response.status} ${outcome}` : response.status };
  } catch (error) {
    return { kind: item.kind, ms: performance.now() - scheduledAt, ok: false, status: error.name };
  }
}

/**
 * One step: `rate` requests a second for STEP_SECONDS, each sent at its time (open loop). Also answers the CPU the
 * servers (`pids`) and this load generator used meanwhile, in cores: on a shared machine, where the time went.
 */
async function step(base, headersOf, cast, rate, pids) {
  const count = rate * STEP_SECONDS;
  const serversBefore = pids.reduce((sum, pid) => sum + cpuMillis(pid), 0);
  const generatorBefore = process.cpuUsage();
  const items = stepRequests(cast, rate, count);
  const pending = [];
  const lags = [];
  const began = performance.now();
  let next = 0;
  while (next < count) {
    const now = performance.now();
    while (next < count && began + (next * 1000) / rate <= now) {
      const scheduledAt = began + (next * 1000) / rate;
      lags.push(now - scheduledAt);
      pending.push(send(base, headersOf, items[next++], scheduledAt));
    }
    await sleep(1);
  }
  const results = await Promise.all(pending);
  const seconds = (performance.now() - began) / 1000;
  const generator = process.cpuUsage(generatorBefore);
  const cores = {
    servers: (pids.reduce((sum, pid) => sum + cpuMillis(pid), 0) - serversBefore) / 1000 / seconds,
    generator: (generator.user + generator.system) / 1e6 / seconds,
  };
  const failed = results.filter((r) => !r.ok);
  return { rate, results, failed, cores, ...percentiles(results.map((r) => r.ms)), lag: percentiles(lags).p95 };
}

// Object.groupBy's work, which the machine's Node 20 (BENCH_NODE=system) does not have.
const groupBy = (list, keyOf) => list.reduce((groups, item) => ((groups[keyOf(item)] ??= []).push(item), groups), {});

const holds = (figures) => figures.p95 < P95_LIMIT && figures.failed.length === 0;

function printStep(figures, signInShare) {
  const failures = Object.entries(groupBy(figures.failed, (r) => `${r.kind} ${r.status}`)).map(([key, list]) => `${key}: ${list.length}`);
  const signInsPerMinute = figures.rate * signInShare * 60;
  console.log(
    `${String(figures.rate).padStart(5)} req/s  p50 ${ms(figures.p50)}  p95 ${ms(figures.p95)}  p99 ${ms(figures.p99)}  max ${ms(figures.max)}  ` +
      `failed ${String(figures.failed.length).padStart(4)}  sender lag p95 ${ms(figures.lag)}  ` +
      `CPU (cores) servers ${figures.cores.servers.toFixed(2)} generator ${figures.cores.generator.toFixed(2)}, ` +
      `servers ${((figures.cores.servers * 1000) / figures.rate).toFixed(1)} ms a request  ${holds(figures) ? 'holds' : 'DOES NOT HOLD'}` +
      `${signInsPerMinute > SIGN_IN_LIMIT_PER_ADDRESS ? `  (${signInsPerMinute.toFixed(0)} sign-ins a minute: one address would be refused)` : ''}` +
      `${failures.length ? `\n         ${failures.join(', ')}` : ''}`,
  );
}

/** The p95 of each kind of request in a step: which part of the mix gave way first. */
function printKinds(label, figures) {
  const kinds = Object.entries(groupBy(figures.results, (r) => r.kind)).map(([kind, list]) => `${kind} ${percentiles(list.map((r) => r.ms)).p95.toFixed(0)}`);
  console.log(`  p95 by request at ${figures.rate} req/s (${label}, ms): ${kinds.join(', ')}`);
}

/** What the morning wrote (warm-up included), read from the database: the mix's writes did write. */
async function printWrites(db, cast) {
  const count = async (table) => (await selectRows(db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0].n;
  const writes = {
    'check-ins at the doors': (await count('check_ins')) - cast.checkedIn.length,
    goodies: await count('goodie_distributions'),
    connections: await count('user_connections'),
    messages: await count('messages'),
    likes: await count('event_feed_likes'),
  };
  console.log(`written: ${Object.entries(writes).map(([what, n]) => `${n} ${what}`).join(', ')}`);
}

/** The mix at rising rates against a fresh cluster on a fresh database; answers the highest rate held. */
async function morning(label, options) {
  const database = await freshDatabase('morning');
  const secret = randomBytes(32).toString('hex');
  let cluster;
  try {
    console.log(`\n${label}: seeding ${ATTENDEES} attendees, ${VOLUNTEERS} volunteers, ${SPONSORS} sponsors, ${SESSIONS} sessions, ${POSTS} posts…`);
    const seeded = performance.now();
    const cast = { ...(await seed(database.db, secret)), counters: { signIn: 0, door: 0, goodie: 0 }, connected: new Set() };
    console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    cluster = await startCluster({ ...options, databaseUrl: database.url, env: { AUTH_SECRET: secret, SIGN_IN_RATE_LIMIT_PER_IP: SIGN_IN_LIMIT_RAISED } });
    const base = cluster.url;
    const cookies = new Map([...cast.attendees, ...cast.volunteers].map((person) => [person, sessionCookie(person.token, secret)]));
    // As a browser sends them: the session cookie, and the Origin the server's CSRF check compares.
    const headersOf = (person) => (person ? { cookie: cookies.get(person), origin: base } : { origin: base });
    const agenda = await fetch(`${base}/api/events/${cast.event.id}/agenda`, { headers: headersOf(cast.attendees[0]) });
    await agenda.arrayBuffer();
    cast.agendaEtag = agenda.headers.get('etag');
    const { signInShare, requestsPerJourney } = mixShares(cast);
    console.log(`${requestsPerJourney.toFixed(2)} requests a journey, ${(signInShare * 100).toFixed(1)} % of them sign-ins; ${STEP_SECONDS} s a step; SIGN_IN_RATE_LIMIT_PER_IP=${SIGN_IN_LIMIT_RAISED} (see the header)`);
    const pids = cluster.members.map((one) => one.pid);
    // Warm-up, not measured: JIT, the pools' connections, the query plans.
    await step(base, headersOf, cast, 25, pids);
    let held = null;
    for (const rate of RATES) {
      const figures = await step(base, headersOf, cast, rate, pids);
      printStep(figures, signInShare);
      if (!holds(figures)) {
        if (held) printKinds('the last step held', held);
        printKinds('the first step not held', figures);
        break;
      }
      held = figures;
    }
    await printWrites(database.db, cast);
    console.log(`${label}: highest rate held ${held ? `${held.rate} req/s (p95 ${held.p95.toFixed(1)} ms)` : 'none'}; ${machineNote()}`);
    return held?.rate ?? 0;
  } finally {
    await cluster?.stop();
    await database.drop();
  }
}

const single = await morning('one process on PostgreSQL, no proxy', { processes: 1, nginx: false });
const pair = await morning('two processes behind nginx', { processes: 2, nginx: true });
const ratio = pair / single;
console.log(`\nhighest rate held: one process ${single} req/s, two behind nginx ${pair} req/s${single ? `, ratio ${ratio.toFixed(2)}` : ''}`);
console.log('the load generator, PostgreSQL and the servers share the same cores: the ratio is what this machine gives, not what two machines would');
const bench = 'conference-morning';
report({ bench, name: 'highest rate held, one process (p95 < 100 ms, no errors)', value: single, unit: 'req/s', better: 'higher' });
// No ratio when one process held no step: there is nothing to divide by.
report({ bench, name: 'highest rate held, two processes behind nginx', value: pair, unit: 'req/s', better: 'higher', ratio: single ? { of: 'one process', value: ratio } : undefined });
