// Webhook delivery benchmark (issue 21): DELIVERIES webhook deliveries caused by real writes, door check-ins through
// POST /api/events/{eventId}/check-ins of the real server process (apps/server/src/main.ts, as `npm start` runs it) on
// a fresh PostgreSQL database of its own. The event has ENDPOINTS webhook endpoints (the most an event may have), all
// subscribed to check_in.created and all pointing at one local receiver (node:http) that answers 500 to FAILING of the
// calls at random, so the queue must retry them; an endpoint's later deliveries wait behind its failed one (they are
// sent in order, decision 0171). The receiver verifies every signature with the endpoint's secret (standardwebhooks).
// Prints:
//   - deliveries per second: every successful delivery, from the first write to the last delivery;
//   - the p95 delay from the write (the check-in request's start) to the receiver accepting its delivery, retries and
//     the waits behind a retried delivery included;
//   - lost (a delivery never accepted once nothing is pending), doubled (a webhook-id accepted twice), deliveries
//     out of order (an endpoint accepted B before A though A's write had answered before B's began: writes in flight
//     together have no order to keep), signatures that did not verify;
//   - the check-in requests' p95: delivery never blocks the write.
// Retries: the second try inside the drain after min(1 s, WEBHOOKS_RETRY_BASE_SECONDS), the third after the base
// (production: 30 s) in the queue, each next one 4x longer. The bench sets the base to 0.5 s (BENCH_RETRY_BASE), else
// the rare second failure would stall an endpoint for 30 s a time and the run would measure the backoff, not the queue.
//
//   node bench/webhooks.mjs          (a database of its own is created on BENCH_DATABASE_URL, default
//                                     postgres://postgres@127.0.0.1:5432/postgres, and dropped afterwards)
//   node bench/webhooks.mjs 2000     (another number of deliveries; --quick under run.mjs: 1,000)
import { chunks, cpuMillis, freshDatabase, machineNote, ms, percentiles, quick, report, runPool, runUnderTsx, sessionCookie, signedInPeople, startServer } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const ENDPOINTS = 10;
const DELIVERIES = Number(process.argv[2] ?? (quick ? 1000 : 10_000));
const WRITES = Math.ceil(DELIVERIES / ENDPOINTS);
/** The share of calls the receiver answers 500 (BENCH_FAILING: 0 shows what the queue does when nothing fails). */
const FAILING = Number(process.env.BENCH_FAILING ?? 0.1);
const VOLUNTEERS = 10;
const RETRY_BASE = process.env.BENCH_RETRY_BASE ?? '0.5';
/** How long the deliveries may take to arrive after the last write before the rest count as lost. */
const DRAIN_TIMEOUT_MS = 10 * 60_000;
const HOUR = 3_600_000;

const { createServer } = await import('node:http');
const { randomBytes, randomUUID } = await import('node:crypto');
const { createRequire } = await import('node:module');
const { pathToFileURL } = await import('node:url');
const { sql } = await import('drizzle-orm');
const { selectRows } = await import('../apps/server/src/platform/db/client.ts');
const schema = await import('../apps/server/src/platform/db/schema.ts');
// standardwebhooks is the server workspace's dependency: resolved from there.
const fromServer = createRequire(new URL('../apps/server/package.json', import.meta.url));
const { Webhook } = await import(pathToFileURL(fromServer.resolve('standardwebhooks')).href);

/**
 * The receiver: one path per endpoint (/hook/<n>); verifies each call's signature with that endpoint's secret;
 * answers 500 to FAILING of the calls at random; keeps, per webhook-id, the times it accepted it and its endpoint's
 * accepted order.
 */
async function startReceiver(secrets) {
  const verifiers = secrets.map((secret) => new Webhook(secret));
  const accepted = new Map(); // webhook-id -> { times: number[], userId }
  const order = secrets.map(() => []); // per endpoint: accepted webhook-ids in arrival order
  let calls = 0;
  let refused = 0;
  let badSignatures = 0;
  const http = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      calls += 1;
      const endpoint = Number(request.url.split('/').pop());
      const body = Buffer.concat(chunks).toString('utf8');
      let payload;
      try {
        payload = verifiers[endpoint].verify(body, request.headers);
      } catch {
        badSignatures += 1;
        response.writeHead(400).end('bad signature');
        return;
      }
      if (Math.random() < FAILING) {
        refused += 1;
        response.writeHead(500).end('receiver is busy');
        return;
      }
      const id = request.headers['webhook-id'];
      const seen = accepted.get(id) ?? { times: [], userId: payload.data.userId };
      seen.times.push(performance.now());
      accepted.set(id, seen);
      order[endpoint].push(id);
      response.writeHead(204).end();
    });
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${http.address().port}`,
    accepted,
    order,
    stats: () => ({ calls, refused, badSignatures }),
    close: () => new Promise((resolve) => http.close(resolve)),
  };
}

/** The event, its volunteers (signed in), the registered attendees, and the endpoints with their secrets. */
async function seed(db, receiverBase, secrets) {
  const [owner] = await signedInPeople(db, 1, 'owner');
  const start = new Date(Date.now() - HOUR);
  const [event] = await db
    .insert(schema.events)
    .values({ name: 'Bench Webhooks', slug: `bench-webhooks-${randomUUID().slice(0, 8)}`, startDate: start, endDate: new Date(start.getTime() + 8 * HOUR), createdBy: owner.id })
    .returning();
  const volunteers = await signedInPeople(db, VOLUNTEERS, 'volunteer');
  await db.insert(schema.eventVolunteers).values(volunteers.map((v) => ({ eventId: event.id, userId: v.id })));
  await db.insert(schema.userRoles).values(volunteers.map((v) => ({ userId: v.id, role: 'event_volunteer' })));
  const attendees = await signedInPeople(db, WRITES, 'guest');
  for (const part of chunks(attendees)) await db.insert(schema.eventAttendees).values(part.map((a) => ({ eventId: event.id, userId: a.id })));
  const endpoints = await db
    .insert(schema.webhookEndpoints)
    .values(secrets.map((secret, n) => ({ eventId: event.id, url: `${receiverBase}/hook/${n}`, eventTypes: ['check_in.created'], secret, createdBy: owner.id })))
    .returning({ id: schema.webhookEndpoints.id });
  await db.execute(sql`analyze`);
  return { event, volunteers, attendees, endpoints };
}

async function pendingCount(db) {
  const [row] = await selectRows(db, sql`select count(*)::int as "n" from webhook_deliveries where status = 'pending'`);
  return row.n;
}

console.log(`seeding ${VOLUNTEERS} volunteers, ${WRITES} attendees and ${ENDPOINTS} endpoints… ${machineNote()}`);
const secrets = Array.from({ length: ENDPOINTS }, () => `whsec_${randomBytes(32).toString('base64')}`);
const receiver = await startReceiver(secrets);
const postgres = await freshDatabase('webhooks');
let exitCode = 0;
try {
  const { event, volunteers, attendees, endpoints } = await seed(postgres.db, receiver.base, secrets);
  const server = await startServer(postgres.url, {
    env: { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOKS_RETRY_BASE_SECONDS: RETRY_BASE },
  });
  try {
    const headersOf = volunteers.map((v) => ({ cookie: sessionCookie(v.token, server.secret), 'content-type': 'application/json', origin: server.base }));
    const wroteAt = new Map(); // userId -> when its check-in request started
    const answeredAt = new Map(); // userId -> when its answer came
    const began = performance.now();
    const cpuBefore = cpuMillis(server.pid);
    const { results, seconds: writeSeconds } = await runPool(
      attendees.map((attendee, index) => async () => {
        const start = performance.now();
        wroteAt.set(attendee.id, start);
        const response = await fetch(`${server.base}/api/events/${event.id}/check-ins`, {
          method: 'POST',
          headers: headersOf[index % VOLUNTEERS],
          body: JSON.stringify({ userId: attendee.id, clientCheckInId: randomUUID() }),
        });
        await response.arrayBuffer();
        answeredAt.set(attendee.id, performance.now());
        return { status: response.status, ms: performance.now() - start };
      }),
      VOLUNTEERS,
    );
    const writes = percentiles(results.map((r) => r.ms));
    const failedWrites = results.filter((r) => r.status !== 200).length;
    console.log(`\n${results.length} check-ins in ${writeSeconds.toFixed(2)} s by ${VOLUNTEERS} volunteers (${failedWrites} not 200); p50 ${ms(writes.p50)}  p95 ${ms(writes.p95)}`);

    // Wait for the queue: nothing pending any more (polled, with a progress line every 10 s).
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    let lastNote = Date.now();
    for (;;) {
      const pending = await pendingCount(postgres.db);
      if (pending === 0 || Date.now() > deadline) break;
      if (Date.now() - lastNote > 10_000) {
        console.log(`  … ${pending} deliveries pending, ${receiver.accepted.size} accepted`);
        lastNote = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cpuPerDelivery = (cpuMillis(server.pid) - cpuBefore) / DELIVERIES;

    const rows = await selectRows(
      postgres.db,
      sql`select d.webhook_id as "webhookId", d.status, d.attempts
          from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.event_id = ${event.id}::uuid`,
    );
    const expected = rows.length;
    const lastAccepted = Math.max(...[...receiver.accepted.values()].flatMap((seen) => seen.times));
    const delays = [...receiver.accepted.values()].map((seen) => seen.times[0] - wroteAt.get(seen.userId));
    const delay = percentiles(delays);
    const lost = rows.filter((row) => !receiver.accepted.has(row.webhookId)).length;
    const doubled = [...receiver.accepted.values()].filter((seen) => seen.times.length > 1).length;
    const failedForGood = rows.filter((row) => row.status === 'failed').length;
    // Per endpoint: nothing accepted after a delivery whose write had answered before that later one's write began.
    const userOf = (id) => receiver.accepted.get(id).userId;
    const outOfOrder = receiver.order.reduce((count, ids) => {
      let latestStart = -Infinity;
      let late = 0;
      for (const id of new Set(ids)) {
        if (answeredAt.get(userOf(id)) < latestStart) late += 1;
        latestStart = Math.max(latestStart, wroteAt.get(userOf(id)));
      }
      return count + late;
    }, 0);
    const tries = rows.reduce((sum, row) => sum + row.attempts, 0);
    const { calls, refused, badSignatures } = receiver.stats();
    const perSecond = receiver.accepted.size / ((lastAccepted - began) / 1000);

    console.log(`deliveries  ${expected} made for ${endpoints.length} endpoints; ${receiver.accepted.size} accepted, ${calls} calls (${refused} answered 500), ${tries} tries recorded`);
    console.log(`throughput  ${perSecond.toFixed(0)} deliveries/s  (${((lastAccepted - began) / 1000).toFixed(1)} s from the first write to the last delivery)`);
    console.log(`delay       write to accepted delivery: p50 ${ms(delay.p50)}  p95 ${ms(delay.p95)}  p99 ${ms(delay.p99)}  max ${ms(delay.max)}`);
    console.log(`server CPU  ${cpuPerDelivery.toFixed(2)} ms a delivery (the writes included)`);
    console.log(`invariants  lost ${lost}, doubled ${doubled}, out of order ${outOfOrder}, failed for good ${failedForGood}, bad signatures ${badSignatures}`);
    if (expected !== DELIVERIES || lost || doubled || outOfOrder || badSignatures) exitCode = 1;

    const bench = 'webhooks';
    report({ bench, name: 'webhook deliveries per second', value: perSecond, unit: 'deliveries/s', better: 'higher' });
    report({ bench, name: 'write to delivery, p95', value: delay.p95, unit: 'ms', better: 'lower' });
    report({ bench, name: 'check-in p95 while webhooks are queued', value: writes.p95, unit: 'ms', better: 'lower', target: { op: '<', value: 100 } });
    report({ bench, name: 'webhook deliveries lost', value: lost + (DELIVERIES - expected), unit: '', better: 'lower', target: { op: '=', value: 0 } });
    report({ bench, name: 'webhook deliveries doubled', value: doubled, unit: '', better: 'lower', target: { op: '=', value: 0 } });
    report({ bench, name: 'webhook deliveries out of order', value: outOfOrder, unit: '', better: 'lower', target: { op: '=', value: 0 } });
  } finally {
    await server.stop();
  }
} finally {
  await postgres.drop();
  await receiver.close();
}
process.exit(process.env.BENCH_FIGURES ? 0 : exitCode);
