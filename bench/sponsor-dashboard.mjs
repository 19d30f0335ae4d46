// Sponsor dashboard benchmark: one sponsor with 20,000 analytics rows (visits, website and contact clicks over the
// event's days) and 2,000 leads, through the whole app (app.request: session cookie, authorization, queries, JSON)
// on a fresh PostgreSQL database of its own. Measures the dashboard (stats and daily chart, aggregated in SQL) and
// the first page of leads, as the page loads them. Printed, not asserted; the target is 100 ms p95.
//
//   node bench/sponsor-dashboard.mjs   (a database of its own is created on BENCH_DATABASE_URL, default
//                                       postgres://postgres@127.0.0.1:5432/postgres, and dropped afterwards)
import { chunks, freshDatabase, machineNote, quick, report, runUnderTsx, timeRequests } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const ANALYTICS = quick ? 2_000 : 20_000;
const LEADS = quick ? 200 : 2_000;
const RUNS = quick ? 50 : 200;
const HOUR = 3_600_000;

const { randomUUID } = await import('node:crypto');
const { sql } = await import('drizzle-orm');
const { signedInUser } = await import('../apps/server/src/test/factories.ts');
const { createEvent } = await import('../apps/server/src/test/event-factories.ts');
const schema = await import('../apps/server/src/platform/db/schema.ts');

const database = await freshDatabase('sponsors');
process.env.TEST_DATABASE_URL = database.url; // the harness below serves this database (already migrated)
const { startTestServer } = await import('../apps/server/src/test/harness.ts');
const server = await startTestServer({ LOG_LEVEL: 'silent' });
const db = server.ctx.db;
try {
  console.log('seeding on PostgreSQL…');
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

  const fmt = (value) => `${value.toFixed(2)} ms`;
  const cases = [
    ['GET /api/sponsors/:id/dashboard', `/api/sponsors/${sponsor.id}/dashboard`],
    ['GET /api/sponsors/:id/leads (first page)', `/api/sponsors/${sponsor.id}/leads`],
    ['GET /api/sponsors/:id/leads?filter=high', `/api/sponsors/${sponsor.id}/leads?filter=high`],
  ];
  console.log('');
  console.log(`one sponsor: ${ANALYTICS} analytics rows, ${LEADS} leads (and another sponsor with as many)`);
  for (const [label, pathname] of cases) {
    const result = await timeRequests(server, pathname, owner.headers, { runs: RUNS });
    console.log(`${label.padEnd(44)} p50 ${fmt(result.p50)}  p95 ${fmt(result.p95)}  (${(result.bytes / 1024).toFixed(1)} kB)`);
    report({ bench: 'sponsor-dashboard', name: `${label.replace('GET ', '')}, p95`, value: result.p95, unit: 'ms', better: 'lower', target: { op: '<', value: 100 } });
  }
  console.log('target: within 100 ms p95 on PostgreSQL');
  console.log(machineNote());
} finally {
  await server.close();
  await database.drop();
}
