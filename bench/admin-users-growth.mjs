// Admin user list growth benchmark (issue 9): the super admin's list of every user (GET /api/admin/users: the first
// page, and the page after it through its cursor) on a platform of 50,000 users against one of 500, through the whole
// app (app.request: session, authorization, queries, JSON). The list is platform-wide, so each size is a fresh
// PostgreSQL database of its own with a server of its own. The list has no search. Prints p50/p95 of each and their
// p95 ratio. Printed, not asserted; the target is a ratio within 1.5x, which holds only while a page is one index
// scan in (created_at, id) order.
//
//   node bench/admin-users-growth.mjs [big=50000] [small=500]
import { alternating, freshDatabase, machineNote, ms, quick, reportGrowth, runUnderTsx, timeRequests } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const [BIG = quick ? 5_000 : 50_000, SMALL = 500] = process.argv.slice(2).map(Number);
const RUNS = quick ? 50 : 300;

const { randomUUID } = await import('node:crypto');
const { sql } = await import('drizzle-orm');
const schema = await import('../apps/server/src/platform/db/schema.ts');
const { signedInUser } = await import('../apps/server/src/test/factories.ts');

/**
 * A platform of `count` users who signed up over two years, with profiles and the roles sign-up gives (one in
 * twenty also owns events), and a signed-in super admin; served by a test server of its own.
 */
async function platform(count) {
  const database = await freshDatabase('admin');
  process.env.TEST_DATABASE_URL = database.url; // read by startTestServer (the database is already migrated)
  const { startTestServer } = await import('../apps/server/src/test/harness.ts');
  const server = await startTestServer({ LOG_LEVEL: 'silent' });
  const tag = randomUUID().slice(0, 8);
  await database.db.execute(sql`with people as (
      insert into ${schema.authUsers} (name, email, email_verified, created_at)
      select 'Member ' || n, 'bench-' || ${tag} || '-' || n || '@bench-admin.com', true,
        now() - make_interval(secs => (${count} - n) * 2 * 365 * 86400.0 / ${count})
      from generate_series(1, ${count}) as n
      returning id, name, created_at)
    insert into ${schema.profiles} (id, full_name, job_title, company_or_institution, terms_accepted_at, created_at)
    select id, name, 'Engineer', 'Contoso', created_at, created_at from people`);
  await database.db.execute(sql`insert into ${schema.userRoles} (user_id, role)
    select id, 'registered_user' from ${schema.authUsers} where email like ${`bench-${tag}-%`}
    union all
    select id, 'event_owner' from ${schema.authUsers} where email like ${`bench-${tag}-%`} and abs(hashtext(id::text)) % 20 = 0`);
  const admin = await signedInUser(server, { roles: ['super_admin'] });
  await database.db.execute(sql`analyze`);
  return {
    measure: (pathname) => timeRequests(server, pathname, admin.headers, { runs: RUNS }),
    /** The cursor of the second page, as the web app sends it on "Load more". */
    async nextCursor() {
      return (await (await server.request('/api/admin/users', { headers: admin.headers })).json()).nextCursor;
    },
    async close() {
      await server.close();
      await database.drop();
    },
  };
}

console.log(`seeding platforms of ${BIG} and ${SMALL} users on PostgreSQL…`);
const platforms = [];
try {
  const small = await platform(SMALL);
  platforms.push(small);
  const big = await platform(BIG);
  platforms.push(big);
  const cases = [
    ['admin users, first page', async () => '/api/admin/users'],
    ['admin users, second page', async (target) => `/api/admin/users?cursor=${await target.nextCursor()}`],
  ];
  console.log('');
  for (const [label, pathOf] of cases) {
    const smallPath = await pathOf(small);
    const bigPath = await pathOf(big);
    const measure = (target, pathname) => async () => {
      const result = await target.measure(pathname);
      return { ...result, count: result.body.items.length };
    };
    const { small: s, big: b } = await alternating(3, measure(small, smallPath), measure(big, bigPath));
    console.log(`${label.padEnd(26)} ${String(SMALL).padStart(6)} users: p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  (${s.count} on the page)`);
    console.log(`${''.padEnd(26)} ${String(BIG).padStart(6)} users: p50 ${ms(b.p50)}  p95 ${ms(b.p95)}  (${b.count} on the page)`);
    console.log(`${''.padEnd(26)} p95 ratio big / small: ${(b.p95 / s.p95).toFixed(2)}x   target: within 1.5x`);
    reportGrowth('admin-users-growth', label, { label: `${SMALL.toLocaleString('en')} users`, p95: s.p95 }, { label: `${BIG.toLocaleString('en')} users`, p95: b.p95 });
  }
  console.log(machineNote());
} finally {
  for (const target of platforms) await target.close();
}
