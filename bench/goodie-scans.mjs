// Goodie scan benchmark (issue 8): volunteers at the doors of a busy event scanning participants' personal QR codes,
// through the real HTTP route POST /api/events/{eventId}/goodie-distributions of the real server process (apps/server/
// src/main.ts, as `npm start` runs it) on a fresh PostgreSQL database of its own. VOLUNTEERS volunteers (with the web
// app's session cookie) and PARTICIPANTS registered participants with personal QR tokens; CONCURRENCY clients then
// send every participant's scan from a random volunteer, plus DUPLICATES scans of someone already scanned (two
// volunteers at one door) and RESENDS of an earlier scan id (offline scans sent again), shuffled so they race the
// first scans. One volunteer's allocation runs out mid-way. Prints scans/second, p50/p95/p99 and the server's own CPU
// time a scan (what one core could sustain, whatever else the machine runs), then checks the invariants in the
// database: one goodie per participant, no volunteer above their allocation or below 0, distributed counts equal to
// goodie rows, attendee flags equal to goodie rows, every 200 that gave a goodie matched by a row. Printed; the target
// is at least 300 scans a second with p95 under 100 ms. Exits 1 when an invariant fails (under bench/run.mjs, which
// judges the "invariants held" figure, it exits 0: a miss is not a crash).
//
//   node bench/goodie-scans.mjs   (a database of its own is created on BENCH_DATABASE_URL, default
//                                  postgres://postgres@127.0.0.1:5432/postgres, and dropped afterwards)
//   BENCH_CONCURRENCY=32 …         scans in flight (default 20, one a volunteer)
//   BENCH_PROFILE=/tmp/prof …      also writes the server's CPU profile there (open it in Chrome DevTools)
import { chunks, cpuMillis, pick, runPool, rushJobs, freshDatabase, machineNote, ms, percentiles, quick, report, reporting, runUnderTsx, sessionCookie, signedInPeople, startServer } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const VOLUNTEERS = 20;
const PARTICIPANTS = quick ? 1000 : 4000;
const DUPLICATES = PARTICIPANTS / 4;
const RESENDS = PARTICIPANTS / 8;
// The last volunteer's allocation: a fraction of the first scans they will be sent, so it runs out mid-way.
const SMALL_ALLOCATION = PARTICIPANTS / 100;
const WARMUP = 200;
// About one scan in flight per volunteer's phone, as at real doors.
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? VOLUNTEERS);
const HOUR = 3_600_000;

const { createHash, randomBytes, randomUUID } = await import('node:crypto');
const { and, eq, sql } = await import('drizzle-orm');
const { selectRows } = await import('../apps/server/src/platform/db/client.ts');
const schema = await import('../apps/server/src/platform/db/schema.ts');

const database = await freshDatabase('goodies');
const db = database.db;
let server;
try {
  console.log(`seeding ${VOLUNTEERS} volunteers and ${PARTICIPANTS} participants on PostgreSQL…`);
  const [owner] = await signedInPeople(db, 1, 'owner');
  const start = new Date(Date.now() - HOUR);
  const [event] = await db
    .insert(schema.events)
    .values({ name: 'Bench Goodie Fair', slug: `bench-goodie-fair-${randomUUID().slice(0, 8)}`, startDate: start, endDate: new Date(start.getTime() + 8 * HOUR), createdBy: owner.id })
    .returning();

  // Enough goodies for the crowd overall, but the last volunteer's few run out mid-way ("no goodies left").
  const volunteers = await signedInPeople(db, VOLUNTEERS, 'volunteer');
  const perVolunteer = Math.ceil(PARTICIPANTS / (VOLUNTEERS - 1)) + 50;
  await db.insert(schema.eventVolunteers).values(volunteers.map((v, index) => ({ eventId: event.id, userId: v.id, allocatedGoodies: index === VOLUNTEERS - 1 ? SMALL_ALLOCATION : perVolunteer })));
  await db.insert(schema.userRoles).values(volunteers.map((v) => ({ userId: v.id, role: 'event_volunteer' })));

  // Participants: registered and checked in, each with a personal QR token (stored as its SHA-256, as /api/me/qr-token does).
  const participants = await signedInPeople(db, PARTICIPANTS, 'guest');
  const tokens = participants.map(() => randomBytes(32).toString('base64url'));
  const expires = new Date(Date.now() + 24 * HOUR);
  for (const part of chunks(participants.map((p, index) => ({ ...p, index })))) {
    await db.insert(schema.eventAttendees).values(part.map((p) => ({ eventId: event.id, userId: p.id })));
    // Let in at the door already: goodies go to checked-in participants.
    await db.insert(schema.checkIns).values(part.map((p) => ({ eventId: event.id, userId: p.id, checkedInAt: start })));
    const rows = part.map((p) => ({ id: p.id, hash: createHash('sha256').update(tokens[p.index]).digest('hex') }));
    await db.execute(
      sql`update profiles set qr_token_hash = v.hash, qr_token_expires_at = ${expires}
          from json_to_recordset(${JSON.stringify(rows)}::json) as v(id uuid, hash text) where profiles.id = v.id`,
    );
  }
  await db.execute(sql`analyze`);

  // The real start-up as its own process (its pid gives its CPU time; BENCH_PROFILE adds a CPU profile).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  // BENCH_SMTP_URL sends each scan's email through that SMTP server (the mail worker then shares the process).
  const smtp = process.env.BENCH_SMTP_URL ? { SMTP_URL: process.env.BENCH_SMTP_URL } : {};
  server = await startServer(database.url, { nodeArgs: profile, env: smtp });
  const base = server.base;
  // Volunteers scan from the web app: its session cookie, signed with the server's secret as Better Auth signs it,
  // and the Origin a browser sends (the CSRF check).
  const headersOf = volunteers.map((v) => ({
    cookie: sessionCookie(v.token, server.secret),
    'content-type': 'application/json',
  }));

  const scan = async (volunteer, token, clientScanId) => {
    const began = performance.now();
    const response = await fetch(`${base}/api/events/${event.id}/goodie-distributions`, {
      method: 'POST',
      headers: { ...headersOf[volunteer], origin: base },
      body: JSON.stringify({ token, clientScanId }),
    });
    const body = await response.json();
    return { ms: performance.now() - began, status: response.status, body };
  };

  // Warm-up (JIT, pool connections, plans): the first WARMUP participants, not measured.
  const warm = await runPool(
    Array.from({ length: WARMUP }, (_, index) => () => scan(index % (VOLUNTEERS - 1), tokens[index], randomUUID())),
    CONCURRENCY,
  );
  const jobs = rushJobs({
    from: WARMUP,
    to: PARTICIPANTS,
    duplicates: DUPLICATES,
    resends: RESENDS,
    volunteerFor: () => pick(VOLUNTEERS),
    scan: (volunteer, index, clientScanId) => scan(volunteer, tokens[index], clientScanId),
  });

  const cpuBefore = cpuMillis(server.pid);
  const clientBefore = process.cpuUsage();
  const { results, seconds } = await runPool(jobs, CONCURRENCY);
  const cpuPerScan = (cpuMillis(server.pid) - cpuBefore) / jobs.length;
  const client = process.cpuUsage(clientBefore);
  const clientPerScan = (client.user + client.system) / 1000 / jobs.length;
  await server.stop();
  server = undefined;

  const outcomes = {};
  for (const r of results) {
    const key = r.status === 200 ? (r.body.replayed ? '200 replayed' : '200 given') : `${r.status} ${r.body.error?.code}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }
  const given = [...warm.results, ...results].filter((r) => r.status === 200 && !r.body.replayed).length;
  const expected = ['200 given', '200 replayed', '409 already_received', '409 no_goodies_remaining'];

  // Invariants, read straight from the database.
  const one = async (statement) => (await selectRows(db, statement))[0].n;
  const rows = await one(sql`select count(*)::int as n from goodie_distributions where event_id = ${event.id}`);
  const distinct = await one(sql`select count(distinct participant_id)::int as n from goodie_distributions where event_id = ${event.id}`);
  const flags = await one(sql`select count(*)::int as n from event_attendees where event_id = ${event.id} and goodies_received`);
  const outOfRange = await one(
    sql`select count(*)::int as n from event_volunteers where event_id = ${event.id} and (distributed_goodies > allocated_goodies or distributed_goodies < 0)`,
  );
  const mismatched = await one(
    sql`select count(*)::int as n from event_volunteers v
        where v.event_id = ${event.id}
          and v.distributed_goodies <> (select count(*) from goodie_distributions d where d.event_id = v.event_id and d.volunteer_id = v.user_id)`,
  );
  const [exhausted] = await db
    .select()
    .from(schema.eventVolunteers)
    .where(and(eq(schema.eventVolunteers.eventId, event.id), eq(schema.eventVolunteers.userId, volunteers[VOLUNTEERS - 1].id)));

  const { p50, p95, p99, max } = percentiles(results.map((r) => r.ms));
  console.log('');
  console.log(`${results.length} scans (${PARTICIPANTS - WARMUP} first scans, ${DUPLICATES} of someone already scanned, ${RESENDS} resends)`);
  console.log(`by ${VOLUNTEERS} volunteers, ${CONCURRENCY} in flight, over HTTP to the server process`);
  console.log(`throughput  ${(results.length / seconds).toFixed(0)} scans/s  (${seconds.toFixed(2)} s)`);
  console.log(`latency     p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}  max ${ms(max)}`);
  console.log(`server CPU  ${cpuPerScan.toFixed(2)} ms a scan (one core's worth: ${(1000 / cpuPerScan).toFixed(0)} scans/s); this client ${clientPerScan.toFixed(2)} ms a scan`);
  console.log(`answers     ${Object.entries(outcomes).map(([key, n]) => `${key}: ${n}`).join(', ')}`);
  const invariants = [
    ['one goodie per participant', distinct === rows],
    ['no volunteer above allocation or below 0', outOfRange === 0],
    ['distributed counts equal goodie rows', mismatched === 0],
    ['attendee flags equal goodie rows', flags === rows],
    ['every "given" answer is a goodie row', given === rows],
    ['the small allocation ran out exactly', exhausted.distributedGoodies === exhausted.allocatedGoodies],
    ['only expected answers', Object.keys(outcomes).every((key) => expected.includes(key))],
  ];
  for (const [label, ok] of invariants) console.log(`${ok ? 'ok  ' : 'FAIL'}  ${label}`);
  console.log('target: at least 300 scans/s with p95 under 100 ms');
  console.log(machineNote());
  const held = invariants.every(([, ok]) => ok);
  report({ bench: 'goodie-scans', name: 'scans per second', value: results.length / seconds, unit: 'scans/s', better: 'higher', target: { op: '>=', value: 300 } });
  report({ bench: 'goodie-scans', name: 'scan p95', value: p95, unit: 'ms', better: 'lower', target: { op: '<', value: 100 } });
  report({ bench: 'goodie-scans', name: 'invariants held (1 = all)', value: held ? 1 : 0, unit: '', better: 'higher', target: { op: '=', value: 1 } });
  process.exitCode = held || reporting() ? 0 : 1;
} finally {
  await server?.stop();
  await database.drop();
}
