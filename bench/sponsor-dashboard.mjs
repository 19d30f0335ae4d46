// Sponsor dashboard benchmark: one sponsor with 20,000 analytics rows (visits, website and contact clicks over the
// event's days) and 2,000 leads, through the whole app (app.request: session cookie, authorization, queries, JSON).
// Measures the dashboard (stats and daily chart, aggregated in SQL) and the first page of leads, as the page loads
// them. Printed, not asserted; the target is 100 ms p95 on PostgreSQL.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/sponsor-dashboard.mjs   (PostgreSQL: a database
//                                                        of its own is created, migrated and dropped afterwards)
//   node bench/sponsor-dashboard.mjs                                                            (in-memory PGlite)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!process.env.MINGLE_BENCH_CHILD) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MINGLE_BENCH_CHILD: '1' },
  });
  process.exit(child.status ?? 1);
}

const ANALYTICS = 20_000;
const LEADS = 2_000;
const WARMUP = 30;
const RUNS = 200;
const HOUR = 3_600_000;

const { randomUUID } = await import('node:crypto');
const { sql } = await import('drizzle-orm');
const { startTestServer } = await import('../apps/server/src/test/harness.ts');
const { signedInUser } = await import('../apps/server/src/test/factories.ts');
const { createEvent } = await import('../apps/server/src/test/event-factories.ts');
const schema = await import('../apps/server/src/db/schema.ts');

const pg = (await import('pg')).default;
const { openDatabase, runMigrations } = await import('../apps/server/src/db/client.ts');
const baseUrl = process.env.TEST_DATABASE_URL;
let dropDatabase = async () => {};
if (baseUrl) {
  const name = `mingle_bench_sponsors_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
  const handle = await openDatabase({ url: url.toString() });
  await runMigrations(handle);
  await handle.close();
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: baseUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
}
const server = await startTestServer({ LOG_LEVEL: 'silent' });
const db = server.ctx.db;
const chunks = (rows, size = 1000) => Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => rows.slice(index * size, (index + 1) * size));

console.log(`seeding on ${baseUrl ? 'PostgreSQL' : 'PGlite'}…`);
const owner = await signedInUser(server);
const start = new Date(Date.now() - 2 * 24 * HOUR);
const event = await createEvent(server.ctx, owner.user.id, { name: 'Bench Expo', startDate: start, endDate: new Date(start.getTime() + 3 * 24 * HOUR) });
const [sponsor] = await db.insert(schema.sponsors).values({ eventId: event.id, companyName: 'Bench Corp', tier: 'gold', createdBy: owner.user.id }).returning();
// A second sponsor with the same load, so the queries must pick one sponsor's rows out of more.
const [other] = await db.insert(schema.sponsors).values({ eventId: event.id, companyName: 'Other Corp', tier: 'silver', createdBy: owner.user.id }).returning();

const tag = randomUUID().slice(0, 8);
const users = Array.from({ length: LEADS }, (_, index) => ({ name: `Visitor ${index}`, email: `bench-${tag}-${index}@bench-sponsor.com`, emailVerified: true }));
const userIds = [];
for (const part of chunks(users)) userIds.push(...(await db.insert(schema.authUsers).values(part).returning({ id: schema.authUsers.id })).map((row) => row.id));
for (const part of chunks(userIds)) {
  await db.insert(schema.profiles).values(
    part.map((id, index) => ({ id, fullName: `Visitor ${index}`, jobTitle: 'Engineer', companyOrInstitution: 'Contoso', selectedInterests: ['AI', 'Cloud', 'Fintech'] })),
  );
}
const actions = ['booth_visit', 'booth_visit', 'booth_visit', 'website_click', 'contact_click'];
for (const target of [sponsor, other]) {
  const analytics = Array.from({ length: ANALYTICS }, (_, index) => ({
    sponsorId: target.id,
    eventId: event.id,
    userId: userIds[index % userIds.length],
    actionType: actions[index % actions.length],
    createdAt: new Date(start.getTime() + (index / ANALYTICS) * 3 * 24 * HOUR),
  }));
  for (const part of chunks(analytics)) await db.insert(schema.sponsorAnalytics).values(part);
  const leads = userIds.map((userId, index) => ({
    sponsorId: target.id,
    eventId: event.id,
    userId,
    interestLevel: ['low', 'medium', 'high'][index % 3],
    contactRequested: index % 4 === 0,
    notes: index % 2 ? 'Would like a demo next week.' : null,
    visitedAt: new Date(start.getTime() + (index / LEADS) * 3 * 24 * HOUR),
  }));
  for (const part of chunks(leads)) await db.insert(schema.sponsorLeads).values(part);
}
await db.execute(sql`analyze`);

async function measure(pathname) {
  const times = [];
  let bytes = 0;
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const began = performance.now();
    const response = await server.request(pathname, { headers: owner.headers });
    const body = await response.text();
    const elapsed = performance.now() - began;
    if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}: ${body}`);
    bytes = body.length;
    if (run >= WARMUP) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), bytes };
}

const fmt = (value) => `${value.toFixed(2)} ms`;
const line = (label, r) => console.log(`${label.padEnd(44)} p50 ${fmt(r.p50)}  p95 ${fmt(r.p95)}  (${(r.bytes / 1024).toFixed(1)} kB)`);
console.log('');
console.log(`one sponsor: ${ANALYTICS} analytics rows, ${LEADS} leads (and another sponsor with as many)`);
line('GET /api/sponsors/:id/dashboard', await measure(`/api/sponsors/${sponsor.id}/dashboard`));
line('GET /api/sponsors/:id/leads (first page)', await measure(`/api/sponsors/${sponsor.id}/leads`));
line('GET /api/sponsors/:id/leads?filter=high', await measure(`/api/sponsors/${sponsor.id}/leads?filter=high`));
console.log('target: within 100 ms p95 on PostgreSQL');
await server.close();
await dropDatabase();
