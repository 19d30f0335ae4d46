// Agenda benchmark: the agenda of an event with 300 sessions and 5,000 attendees (each with bookmarks and
// check-ins) against one with 10 sessions, through the whole app (app.request: session cookie, authorization,
// queries, JSON), on an in-memory PGlite and on a fresh PostgreSQL database of its own (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards; skipped with a note when the server is not there).
//
// The agenda is one resource for every participant with an ETag, and a small call for the viewer's own marks
// (decision 0145). Per database: the full agenda (200, a first visit), the repeat read with its ETag (304, no body:
// every later visit and refetch), the viewer's call, each at 10 and 300 sessions. Printed, not asserted; targets
// (issue 18): p95 under 15 ms at 300 sessions for each; the 304's p95 ratio 300 vs 10 sessions within 1.5x. The first
// visit's 200 carries a body 30 times larger at 300 sessions: its ratio is printed, no longer a target (0145).
//
//   node bench/agenda.mjs          (re-runs itself under tsx, which loads the server's TypeScript)
import { alternating, chunks, freshDatabase, machineNote, quick, report, reportGrowth, runUnderTsx, timeRequests } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const BIG = { sessions: 300, attendees: quick ? 500 : 5000, bookmarksEach: 5, checkInsEach: 2 };
const SMALL = { sessions: 10 };
const RUNS = quick ? 50 : 200;
const HOUR = 3_600_000;
const TARGET_MS = { op: '<', value: 15 };

const { sql } = await import('drizzle-orm');
const { signedInUser } = await import('../apps/server/src/test/factories.ts');
const { addAttendee, createEvent } = await import('../apps/server/src/test/event-factories.ts');
const schema = await import('../apps/server/src/platform/db/schema.ts');

async function seedSessions(db, event, count) {
  const types = ['topic', 'workshop', 'break', 'networking'];
  const rows = Array.from({ length: count }, (_, index) => {
    const type = types[index % types.length];
    const startTime = new Date(event.startDate.getTime() + (index % 40) * 0.5 * HOUR + Math.floor(index / 40) * 24 * HOUR);
    return {
      eventId: event.id,
      title: `Session ${index + 1}: a talk with a realistic, longish title`,
      description: 'A description of a few sentences, as organizers write them. '.repeat(3),
      speakerName: 'Ada Lovelace, Grace Hopper',
      sessionType: type,
      startTime,
      endTime: new Date(startTime.getTime() + 0.75 * HOUR),
      timezone: 'Europe/London',
      location: `Room ${(index % 12) + 1}`,
      maxCapacity: 500,
      tags: ['ai', 'product', 'growth'],
      hostName: type === 'workshop' ? 'Grace Hopper' : null,
      createdBy: event.createdBy,
    };
  });
  const ids = [];
  for (const part of chunks(rows, 200)) ids.push(...(await db.insert(schema.sessions).values(part).returning({ id: schema.sessions.id })).map((row) => row.id));
  return ids;
}

/** Two events (300 and 10 sessions), 5,000 attendees of the big one with their marks, and one signed-in viewer of both. */
async function seed(server) {
  const db = server.ctx.db;
  const { user: owner } = await signedInUser(server);
  const viewer = await signedInUser(server);
  const start = new Date(Date.now() + 30 * 24 * HOUR);
  const big = await createEvent(server.ctx, owner.id, { name: 'Big', startDate: start, endDate: new Date(start.getTime() + 8 * 24 * HOUR) });
  const small = await createEvent(server.ctx, owner.id, { name: 'Small', startDate: start, endDate: new Date(start.getTime() + 24 * HOUR) });
  const bigSessions = await seedSessions(db, big, BIG.sessions);
  const smallSessions = await seedSessions(db, small, SMALL.sessions);
  await addAttendee(server.ctx, big.id, viewer.user.id);
  await addAttendee(server.ctx, small.id, viewer.user.id);

  const tag = Math.random().toString(36).slice(2, 8);
  const users = Array.from({ length: BIG.attendees }, (_, index) => ({ name: `Bench ${index}`, email: `bench-${tag}-${index}@bench-agenda.com`, emailVerified: true }));
  const userIds = [];
  for (const part of chunks(users)) userIds.push(...(await db.insert(schema.authUsers).values(part).returning({ id: schema.authUsers.id })).map((row) => row.id));
  for (const part of chunks(userIds)) {
    await db.insert(schema.eventAttendees).values(part.map((userId) => ({ eventId: big.id, userId })));
    await db.insert(schema.userEventAccess).values(part.map((userId) => ({ eventId: big.id, userId, accessType: 'registered_attendee' })));
  }
  const bookmarks = [];
  const attendance = [];
  userIds.forEach((userId, index) => {
    for (let k = 0; k < BIG.bookmarksEach; k++) bookmarks.push({ sessionId: bigSessions[(index * 7 + k * 31) % bigSessions.length], userId });
    for (let k = 0; k < BIG.checkInsEach; k++) attendance.push({ sessionId: bigSessions[(index * 7 + k * 31) % bigSessions.length], userId });
  });
  for (const part of chunks(bookmarks)) await db.insert(schema.sessionBookmarks).values(part).onConflictDoNothing();
  for (const part of chunks(attendance)) await db.insert(schema.sessionAttendance).values(part).onConflictDoNothing();
  await db.execute(sql`update sessions set checked_in_count = (select count(*) from session_attendance a where a.session_id = sessions.id)`);
  // The viewer bookmarked and checked in to a few sessions of each event.
  for (const id of [...bigSessions.slice(0, 5), ...smallSessions.slice(0, 3)]) await db.insert(schema.sessionBookmarks).values({ sessionId: id, userId: viewer.user.id });
  for (const id of [bigSessions[0], smallSessions[0]]) await db.insert(schema.sessionAttendance).values({ sessionId: id, userId: viewer.user.id });
  await db.execute(sql`analyze`);
  return { viewer, big, small, marks: { bookmarks: bookmarks.length, checkIns: attendance.length } };
}

/** The ETag the agenda answers now, for the conditional reads. */
async function etagOf(server, eventId, headers) {
  const response = await server.request(`/api/events/${eventId}/agenda`, { headers });
  await response.arrayBuffer();
  return response.headers.get('etag');
}

const fmt = (value) => `${value.toFixed(2)} ms`;
const line = (label, figures) => `  ${label.padEnd(36)} p50 ${fmt(figures.p50)}  p95 ${fmt(figures.p95)}${figures.bytes ? `  (${(figures.bytes / 1024).toFixed(1)} kB)` : ''}`;

async function measureOn(label, server) {
  console.log(`seeding on ${label}…`);
  const { viewer, big, small, marks } = await seed(server);
  const full = (eventId) => () => timeRequests(server, `/api/events/${eventId}/agenda`, viewer.headers, { runs: RUNS });
  const conditional = (eventId) => async () => {
    const headers = new Headers(viewer.headers);
    headers.set('If-None-Match', await etagOf(server, eventId, viewer.headers));
    return timeRequests(server, `/api/events/${eventId}/agenda`, headers, { runs: RUNS, status: 304 });
  };
  const mine = (eventId) => () => timeRequests(server, `/api/events/${eventId}/agenda/viewer`, viewer.headers, { runs: RUNS });
  // Alternate the sizes a few rounds so neither gets all the warm caches.
  const fresh = await alternating(2, full(small.id), full(big.id));
  const repeat = await alternating(2, conditional(small.id), conditional(big.id));
  const own = await alternating(2, mine(small.id), mine(big.id));

  console.log('');
  console.log(`${label}: ${BIG.sessions} sessions, ${BIG.attendees} attendees, ${marks.bookmarks} bookmarks, ${marks.checkIns} check-ins, against ${SMALL.sessions} sessions`);
  for (const [what, figures] of [['agenda 200 (first visit)', fresh], ['agenda 304 (If-None-Match)', repeat], ['viewer part (marks, canManage)', own]]) {
    console.log(line(`${what}, ${SMALL.sessions} sessions`, figures.small));
    console.log(line(`${what}, ${BIG.sessions} sessions`, figures.big));
    console.log(`  ${''.padEnd(36)} ratio p95 ${(figures.big.p95 / figures.small.p95).toFixed(2)}x (p50 ${(figures.big.p50 / figures.small.p50).toFixed(2)}x)`);
  }
  console.log(machineNote());

  const bigLabel = `${BIG.sessions} sessions, ${BIG.attendees.toLocaleString('en')} attendees`;
  reportGrowth('agenda', `agenda (${label})`, { label: `${SMALL.sessions} sessions`, p95: fresh.small.p95 }, { label: bigLabel, p95: fresh.big.p95 }, TARGET_MS, { growthTarget: false });
  reportGrowth('agenda', `agenda 304 (${label})`, { label: `${SMALL.sessions} sessions`, p95: repeat.small.p95 }, { label: bigLabel, p95: repeat.big.p95 }, TARGET_MS);
  report({ bench: 'agenda', name: `agenda viewer part (${label}), p95 at ${bigLabel}`, value: own.big.p95, unit: 'ms', better: 'lower', target: TARGET_MS });
}

const { startTestServer } = await import('../apps/server/src/test/harness.ts');

const pglite = await startTestServer({ LOG_LEVEL: 'silent' });
try {
  await measureOn('PGlite', pglite);
} finally {
  await pglite.close();
}

let database;
try {
  database = await freshDatabase('agenda');
} catch (error) {
  console.log(`\nPostgreSQL at ${process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'} not measured: ${error.message}`);
}
if (database) {
  process.env.TEST_DATABASE_URL = database.url; // the harness serves this database (already migrated)
  const postgres = await startTestServer({ LOG_LEVEL: 'silent' });
  try {
    await measureOn('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await database.drop();
  }
}
