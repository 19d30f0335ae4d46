// Door rush benchmark (issue 20): the doors of a 5,000-person conference opening, through the real HTTP route
// POST /api/events/{eventId}/check-ins of the real server process (apps/server/src/main.ts, as `npm start` runs it),
// on a fresh PostgreSQL database of its own and then on the embedded PGlite. VOLUNTEERS volunteers (with the web app's
// session cookie) check in ATTENDEES registered people by the QR on their printed badge, at two check-in points, with
// DUPLICATES scans of someone already in (two volunteers at one door) and RESENDS of an earlier clientCheckInId (a
// phone's offline queue sent again), shuffled so they race the first scans; one scan in flight a volunteer's phone.
// Prints check-ins/second, p50/p95/p99, the server's CPU time a check-in, then checks in the database that every
// person was checked in exactly once and every "checked_in" answer is a row. Target on PostgreSQL: at least 300
// check-ins a second with p95 under 100 ms; PGlite's figures are printed beside them. Exits 1 when an invariant fails
// (under bench/run.mjs, which judges the "invariants held" figure, it exits 0).
//
//   node bench/door-rush.mjs    (BENCH_DATABASE_URL names the PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_CONCURRENCY=20 …       check-ins in flight (default: one a volunteer)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chunks, cpuMillis, pick, runPool, rushJobs, freshDatabase, machineNote, ms, percentiles, quick, report, reporting, runUnderTsx, sessionCookie, signedInPeople, startServer } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const VOLUNTEERS = 10;
const ATTENDEES = quick ? 1000 : 5000;
const DUPLICATES = ATTENDEES / 10;
const RESENDS = ATTENDEES / 20;
const WARMUP = 200;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? VOLUNTEERS);
const HOUR = 3_600_000;

const { randomUUID } = await import('node:crypto');
const { sql } = await import('drizzle-orm');
const { openDatabase, runMigrations, selectRows } = await import('../apps/server/src/platform/db/client.ts');
const schema = await import('../apps/server/src/platform/db/schema.ts');
const { badgeToken } = await import('../apps/server/src/areas/badges/badge-token.ts');

/** The event, its two points, the volunteers (signed in) and the registered attendees. */
async function seed(db) {
  const [owner] = await signedInPeople(db, 1, 'owner');
  const start = new Date(Date.now() - HOUR);
  const [event] = await db
    .insert(schema.events)
    .values({ name: 'Bench Door Rush', slug: `bench-door-rush-${randomUUID().slice(0, 8)}`, startDate: start, endDate: new Date(start.getTime() + 8 * HOUR), createdBy: owner.id })
    .returning();
  const points = await db
    .insert(schema.checkInPoints)
    .values([
      { eventId: event.id, name: 'Main entrance', position: 0 },
      { eventId: event.id, name: 'Side entrance', position: 1 },
    ])
    .returning();
  const volunteers = await signedInPeople(db, VOLUNTEERS, 'volunteer');
  await db.insert(schema.eventVolunteers).values(volunteers.map((v) => ({ eventId: event.id, userId: v.id })));
  await db.insert(schema.userRoles).values(volunteers.map((v) => ({ userId: v.id, role: 'event_volunteer' })));
  const attendees = await signedInPeople(db, ATTENDEES, 'guest');
  for (const part of chunks(attendees)) await db.insert(schema.eventAttendees).values(part.map((a) => ({ eventId: event.id, userId: a.id })));
  await db.execute(sql`analyze`);
  return { event, points, volunteers, attendees };
}

/** The rush against a running server: prints and answers its figures and what the answers said was made. */
async function rush(label, server, { event, points, volunteers, attendees }) {
  const base = server.base;
  const headersOf = volunteers.map((v) => ({ cookie: sessionCookie(v.token, server.secret), 'content-type': 'application/json', origin: base }));
  // Volunteers 0-4 stand at the main entrance, 5-9 at the side: a person comes in at one of them.
  const pointOf = (volunteer) => points[volunteer < VOLUNTEERS / 2 ? 0 : 1].id;
  const badges = attendees.map((a) => badgeToken(server.secret, event.id, a.id));

  const checkIn = async (volunteer, token, clientCheckInId) => {
    const began = performance.now();
    const response = await fetch(`${base}/api/events/${event.id}/check-ins`, {
      method: 'POST',
      headers: headersOf[volunteer],
      body: JSON.stringify({ token, pointId: pointOf(volunteer), clientCheckInId }),
    });
    const body = await response.json();
    return { ms: performance.now() - began, status: response.status, body };
  };

  // Everyone comes in at one entrance (the side door takes every other person): the duplicates are scans at the
  // same entrance by another volunteer of it.
  const entranceOf = (index) => (index % 2 === 0 ? 0 : VOLUNTEERS / 2);
  const volunteerFor = (index) => entranceOf(index) + pick(VOLUNTEERS / 2);
  const warm = await runPool(
    Array.from({ length: WARMUP }, (_, index) => () => checkIn(volunteerFor(index), badges[index], randomUUID())),
    CONCURRENCY,
  );
  const jobs = rushJobs({
    from: WARMUP,
    to: ATTENDEES,
    duplicates: DUPLICATES,
    resends: RESENDS,
    volunteerFor,
    scan: (volunteer, index, clientCheckInId) => checkIn(volunteer, badges[index], clientCheckInId),
  });

  const cpuBefore = cpuMillis(server.pid);
  const { results, seconds } = await runPool(jobs, CONCURRENCY);
  const cpuPerCheckIn = (cpuMillis(server.pid) - cpuBefore) / jobs.length;

  const outcomes = {};
  for (const r of results) {
    const key = r.status === 200 ? `${r.body.outcome}${r.body.replayed ? ' (replayed)' : ''}` : `${r.status} ${r.body.error?.code}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }
  const made = [...warm.results, ...results].filter((r) => r.status === 200 && r.body.outcome === 'checked_in' && !r.body.replayed).length;
  const { p50, p95, p99, max } = percentiles(results.map((r) => r.ms));
  console.log(`\n${label}: ${results.length} check-ins (${ATTENDEES - WARMUP} first, ${DUPLICATES} of someone already in, ${RESENDS} resends) by ${VOLUNTEERS} volunteers, ${CONCURRENCY} in flight`);
  console.log(`throughput  ${(results.length / seconds).toFixed(0)} check-ins/s  (${seconds.toFixed(2)} s)`);
  console.log(`latency     p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}  max ${ms(max)}`);
  console.log(`server CPU  ${cpuPerCheckIn.toFixed(2)} ms a check-in (one core's worth: ${(1000 / cpuPerCheckIn).toFixed(0)} a second)`);
  console.log(`answers     ${Object.entries(outcomes).map(([key, n]) => `${key}: ${n}`).join(', ')}`);
  return { rate: results.length / seconds, p95, made, outcomes };
}

/** Whether the database holds what the answers said: each person in once, each "checked_in" a row. */
async function verify(db, event, { made, outcomes }) {
  const [counts] = await selectRows(
    db,
    sql`select count(*)::int as rows, count(distinct user_id)::int as people from check_ins where event_id = ${event.id} and undone_at is null`,
  );
  const expected = ['checked_in', 'checked_in (replayed)', 'already_checked_in'];
  const invariants = [
    ['every person checked in exactly once', counts.rows === ATTENDEES && counts.people === ATTENDEES],
    ['every "checked_in" answer is a row', made === counts.rows],
    ['only expected answers', Object.keys(outcomes).every((key) => expected.includes(key))],
  ];
  for (const [name, ok] of invariants) console.log(`${ok ? 'ok  ' : 'FAIL'}  ${name}`);
  return invariants.every(([, ok]) => ok);
}

const reportFigures = (label, figures) => {
  report({ bench: 'door-rush', name: `check-ins per second (${label})`, value: figures.rate, unit: 'check-ins/s', better: 'higher', target: label === 'PostgreSQL' ? { op: '>=', value: 300 } : undefined });
  report({ bench: 'door-rush', name: `check-in p95 (${label})`, value: figures.p95, unit: 'ms', better: 'lower', target: label === 'PostgreSQL' ? { op: '<', value: 100 } : undefined });
};

let held = true;
console.log(`seeding ${VOLUNTEERS} volunteers and ${ATTENDEES} attendees…`);
const postgres = await freshDatabase('door');
try {
  const cast = await seed(postgres.db);
  const server = await startServer(postgres.url);
  let figures;
  try {
    figures = await rush('PostgreSQL', server, cast);
  } finally {
    await server.stop();
  }
  held = (await verify(postgres.db, cast.event, figures)) && held;
  reportFigures('PostgreSQL', figures);
} finally {
  await postgres.drop();
}

// The embedded database is a folder one process opens at a time: seeded first, then the server's, then read again.
const dataDir = mkdtempSync(path.join(tmpdir(), 'mingle-bench-door-'));
try {
  const open = async () => openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const seeding = await open();
  await runMigrations(seeding);
  const cast = await seed(seeding.db);
  await seeding.close();
  const server = await startServer('', { dataDir });
  let figures;
  try {
    figures = await rush('PGlite', server, cast);
  } finally {
    await server.stop();
  }
  const reading = await open();
  held = (await verify(reading.db, cast.event, figures)) && held;
  await reading.close();
  reportFigures('PGlite', figures);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log('target on PostgreSQL: at least 300 check-ins/s with p95 under 100 ms');
console.log(machineNote());
report({ bench: 'door-rush', name: 'invariants held (1 = all)', value: held ? 1 : 0, unit: '', better: 'higher', target: { op: '=', value: 1 } });
process.exitCode = held || reporting() ? 0 : 1;
