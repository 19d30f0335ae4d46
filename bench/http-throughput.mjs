// HTTP throughput (issue 9), under autocannon load from this process against servers running as their own
// processes, as `npm start` runs them:
//  1. Overhead: our GET /api/health (the whole app, one `select 1` on the database driver) against
//     bare-node-server.mjs, a bare node:http server doing the same `select 1` on the same PostgreSQL and answering the
//     same JSON. Target (issue 18): at least 0.80. For comparison, bare-hono-server.mjs: the framework alone doing the same.
//     The three are loaded in turns (bare, Hono, ours, bare…), TURNS turns of TURN_DURATION seconds, so a change in
//     the machine's speed during the run touches all alike; each ratio is the median of the turns' ratios.
//  2. An authenticated read of one event: GET /api/events/:eventId with an attendee's session (the session check
//     plus the event query), sent as the web app sends it (its signed session cookie) on PostgreSQL and on the
//     embedded PGlite, and as an API client sends it (a bearer token) on PostgreSQL. Target on PostgreSQL with the
//     cookie (issue 18): at least 5,000 requests a second with p99 under 15 ms. Every server runs on `benchNode`, the
//     current LTS line; the cookie read is measured once more on the machine's own Node, for comparison.
// Each figure is the median over RUNS runs of DURATION seconds, after a warm-up. Printed, not asserted. On Linux the
// load generator and the local PostgreSQL run on CPU 0 and the servers on the other cores (bench-kit's `pinning`).
// On 2 cores the load generator and the database share one core: the figures are lower bounds.
//
//   node bench/http-throughput.mjs [--runs 3] [--duration 8] [--turns 6] [--turn-duration 4] [--connections 32]
import { benchNode, machineNote, nodeVersion, pinning, quick, report, runUnderTsx, systemNode } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const RUNS = argument('runs', 3);
const DURATION = argument('duration', quick ? 2 : 8);
const TURNS = argument('turns', quick ? 1 : 6);
const TURN_DURATION = argument('turn-duration', quick ? 2 : 4);
const CONNECTIONS = argument('connections', 32);
const TARGETS = { overheadRatio: 0.8, readRps: 5_000, readP99: 15 };

const { spawn } = await import('node:child_process');
const { randomBytes } = await import('node:crypto');
const { mkdtempSync, rmSync } = await import('node:fs');
const { tmpdir } = await import('node:os');
const path = await import('node:path');
const autocannon = (await import('autocannon')).default;
const { freePort, freshDatabase, root, sessionCookie, startServer } = await import('./bench-kit.mjs');
const { openDatabase, runMigrations } = await import('../apps/server/src/platform/db/client.ts');
const schema = await import('../apps/server/src/platform/db/schema.ts');

const systemVersion = nodeVersion(systemNode);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A URL under load: `warm()` checks it answers 200 and warms it up; `run(duration)` is one timed autocannon run. */
async function target(url, headers = {}) {
  const once = (duration) => autocannon({ url, connections: CONNECTIONS, duration, headers });
  return {
    async warm() {
      // A refused session would answer a fast 401: make sure the request is what it claims to be before timing it.
      const check = await fetch(url, { headers });
      if (check.status !== 200) throw new Error(`${url} answered ${check.status}: ${await check.text()}`);
      await once(2);
    },
    run: once,
  };
}

/** The medians of requests/s, p50 and p99 over autocannon runs, and every non-2xx, error or timeout among them. */
const summary = (runs) => ({
  rps: median(runs.map((result) => result.requests.average)),
  p50: median(runs.map((result) => result.latency.p50)),
  p99: median(runs.map((result) => result.latency.p99)),
  failures: runs.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0),
});

/** RUNS runs of one URL after a warm-up. */
async function load(url, headers = {}) {
  const under = await target(url, headers);
  await under.warm();
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await under.run(DURATION));
  return summary(runs);
}

/**
 * TURNS turns over `urls` (the baseline first), each URL loaded once a turn after a warm-up of each: the summary of
 * each URL's runs, and for each URL after the first the median of the turns' ratios of its req/s to the baseline's.
 */
async function loadInTurns(urls) {
  const targets = await Promise.all(urls.map((url) => target(url)));
  for (const under of targets) await under.warm();
  const turns = [];
  for (let turn = 0; turn < TURNS; turn += 1) {
    const results = [];
    for (const under of targets) results.push(await under.run(TURN_DURATION));
    turns.push(results);
  }
  return urls.map((_, index) => ({
    ...summary(turns.map((results) => results[index])),
    ratio: median(turns.map((results) => results[index].requests.average / results[0].requests.average)),
  }));
}

/** One attendee with a session token, registered for one event: what the authenticated read needs. */
async function seedReader(db) {
  const tag = randomBytes(4).toString('hex');
  const [owner, reader] = await db
    .insert(schema.authUsers)
    .values([
      { name: 'Bench Owner', email: `owner-${tag}@bench-http.com`, emailVerified: true },
      { name: 'Bench Reader', email: `reader-${tag}@bench-http.com`, emailVerified: true },
    ])
    .returning({ id: schema.authUsers.id, name: schema.authUsers.name });
  await db.insert(schema.profiles).values([owner, reader].map((user) => ({ id: user.id, fullName: user.name, termsAcceptedAt: new Date() })));
  const start = new Date(Date.now() + 7 * 24 * 3_600_000);
  const [event] = await db
    .insert(schema.events)
    .values({ name: 'Bench Conf', slug: `bench-${tag}`, startDate: start, endDate: new Date(start.getTime() + 8 * 3_600_000), eventType: 'in_person', createdBy: owner.id })
    .returning({ id: schema.events.id });
  await db.insert(schema.eventAttendees).values({ eventId: event.id, userId: reader.id });
  await db.insert(schema.userEventAccess).values({ eventId: event.id, userId: reader.id, accessType: 'registered_attendee' });
  const token = randomBytes(24).toString('base64url');
  await db.insert(schema.authSessions).values({ userId: reader.id, token, expiresAt: new Date(Date.now() + 24 * 3_600_000) });
  return { eventId: event.id, token };
}

/** One of the baseline servers (`bench/<script>`), on the servers' CPUs. */
async function startBaseline(script, databaseUrl) {
  const port = await freePort();
  const command = [process.execPath, [path.join(root, 'bench', script), String(port), databaseUrl]];
  const child = spawn(...(pinning ? pinning.server(...command) : command), { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`bench/${script} exited with ${code} before listening`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const rows = [];
const row = (name, result, verdict) => rows.push({ name, ...result, verdict });
/** The authenticated read's two figures; the targets are for the web app's cookie on PostgreSQL. */
const reportRead = (how, result, targeted) => {
  const name = `GET /api/events/:id, ${how}`;
  report({ bench: 'http-throughput', name: `${name}, req/s`, value: result.rps, unit: 'req/s', better: 'higher', target: targeted ? { op: '>=', value: TARGETS.readRps } : undefined });
  report({ bench: 'http-throughput', name: `${name}, p99`, value: result.p99, unit: 'ms', better: 'lower', target: targeted ? { op: '<', value: TARGETS.readP99 } : undefined });
};

pinning?.loadGeneratorHere();
console.log(`CPU pinning: ${pinning ? pinning.description : 'none (needs Linux, taskset and 2 cores)'}`);
const postgres = await freshDatabase('http');
const unpinPostgres = (await pinning?.postgresBesideLoadGenerator(postgres.url)) ?? (() => {});
try {
  const reader = await seedReader(postgres.db);
  const ours = await startServer(postgres.url, { pinned: true });
  const bare = await startBaseline('bare-node-server.mjs', postgres.url);
  const hono = await startBaseline('bare-hono-server.mjs', postgres.url);
  try {
    const [baseline, framework, health] = await loadInTurns([`${bare.base}/`, `${hono.base}/`, `${ours.base}/api/health`]);
    const ratio = health.ratio;
    row('bare node:http + select 1 (PostgreSQL)', baseline, 'baseline');
    row('bare Hono + select 1 (PostgreSQL)', framework, `${framework.ratio.toFixed(2)}x of bare, for comparison`);
    row('GET /api/health (PostgreSQL)', health, `${ratio.toFixed(2)}x of bare ${ratio >= TARGETS.overheadRatio ? 'ok' : 'MISSES'} (target ≥ ${TARGETS.overheadRatio})`);
    const speed = { bench: 'http-throughput', unit: 'req/s', better: 'higher' };
    report({ ...speed, name: 'bare node:http + select 1, PostgreSQL', value: baseline.rps });
    report({ ...speed, name: 'bare Hono + select 1, PostgreSQL', value: framework.rps, ratio: { of: 'bare node:http', value: framework.ratio } });
    report({
      ...speed,
      name: 'GET /api/health, PostgreSQL',
      value: health.rps,
      ratio: { of: 'bare node:http', value: ratio, target: { op: '>=', value: TARGETS.overheadRatio } },
    });
    const url = `${ours.base}/api/events/${reader.eventId}`;
    const read = await load(url, { cookie: sessionCookie(reader.token, ours.secret) });
    const ok = read.rps >= TARGETS.readRps && read.p99 < TARGETS.readP99;
    row('GET /api/events/:id, cookie (PostgreSQL)', read, `${ok ? 'ok' : 'MISSES'} (target ≥ ${TARGETS.readRps} req/s, p99 < ${TARGETS.readP99} ms)`);
    reportRead('web app cookie, PostgreSQL', read, true);
    const bearer = await load(url, { authorization: `Bearer ${reader.token}` });
    row('GET /api/events/:id, bearer token (PostgreSQL)', bearer, 'for comparison');
    reportRead('bearer token, PostgreSQL', bearer, false);
  } finally {
    bare.stop();
    hono.stop();
    await ours.stop();
  }
  if (systemNode !== benchNode) {
    const onSystemNode = await startServer(postgres.url, { pinned: true, node: systemNode });
    try {
      const read = await load(`${onSystemNode.base}/api/events/${reader.eventId}`, { cookie: sessionCookie(reader.token, onSystemNode.secret) });
      row(`GET /api/events/:id, cookie (PostgreSQL, Node ${systemVersion})`, read, 'for comparison');
      reportRead(`web app cookie, PostgreSQL, Node ${systemVersion}`, read, false);
    } finally {
      await onSystemNode.stop();
    }
  }
} finally {
  unpinPostgres();
  await postgres.drop();
}

// The embedded database is a folder the server opens alone: seed it first, then start the server on it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'mingle-bench-http-'));
try {
  const embedded = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await runMigrations(embedded);
  const reader = await seedReader(embedded.db);
  await embedded.close();
  const ours = await startServer('', { dataDir, pinned: true });
  try {
    const read = await load(`${ours.base}/api/events/${reader.eventId}`, { cookie: sessionCookie(reader.token, ours.secret) });
    row('GET /api/events/:id, cookie (PGlite)', read, 'for comparison');
    reportRead('web app cookie, PGlite', read, false);
  } finally {
    await ours.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

report({ bench: 'http-throughput', name: 'failed requests (non-2xx, errors, timeouts)', value: rows.reduce((sum, r) => sum + r.failures, 0), unit: 'requests', better: 'lower', target: { op: '=', value: 0 } });
console.log(`\nHTTP throughput on Node ${process.version}: ${CONNECTIONS} connections; overhead: median of ${TURNS} turns of ${TURN_DURATION} s; reads: median of ${RUNS} runs of ${DURATION} s ${machineNote()}\n`);
console.log(`${'route'.padEnd(46)} ${'req/s'.padStart(8)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'failed'.padStart(7)}  verdict`);
for (const r of rows) {
  console.log(`${r.name.padEnd(46)} ${r.rps.toFixed(0).padStart(8)} ${`${r.p50} ms`.padStart(7)} ${`${r.p99} ms`.padStart(7)} ${String(r.failures).padStart(7)}  ${r.verdict}`);
}
