// Expensive SVG uploads against password sign-ins (issue 16): a ~1 KB SVG logo whose filters (feTurbulence,
// feGaussianBlur, feMorphology over large rectangles) cost librsvg minutes of CPU, uploaded by CLIENTS event owners
// in a loop, while people sign in with their password (Better Auth's scrypt, which runs on libuv's thread pool, as
// sharp does). The real server process (apps/server/src/main.ts) on a fresh PostgreSQL database of its own. First
// SIGN_INS sign-ins alone, then the same number while the uploads run; prints both p50/p95, the uploads' answers
// and times. Target: sign-in p95 under the uploads within 1.5x of the p95 without them.
//
//   node bench/svg-upload-signin.mjs   (a database of its own is created on BENCH_DATABASE_URL, default
//                                       postgres://postgres@127.0.0.1:5432/postgres, and dropped afterwards)
import { freshDatabase, machineNote, ms, percentiles, quick, report, runUnderTsx, sessionCookie, signedInPeople, sleep, startServer, timedSignIn } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const SIGN_INS = quick ? 15 : 40;
const CLIENTS = 4;
const PASSWORD = 'bench-password-1234';
const HOUR = 3_600_000;

const { randomUUID } = await import('node:crypto');
// better-auth is the server workspace's dependency: resolved from there.
const { createRequire } = await import('node:module');
const { pathToFileURL } = await import('node:url');
const fromServer = createRequire(new URL('../apps/server/package.json', import.meta.url));
const { hashPassword } = await import(pathToFileURL(fromServer.resolve('better-auth/crypto')).href);
const schema = await import('../apps/server/src/platform/db/schema.ts');
const { filterBombSvg } = await import('../apps/server/src/platform/storage/svg-bomb.ts');

const database = await freshDatabase('svgsignin');
const db = database.db;
let server;
try {
  const owners = await signedInPeople(db, CLIENTS, 'owner');
  const start = new Date(Date.now() + 7 * 24 * HOUR);
  const events = await db
    .insert(schema.events)
    .values(owners.map((owner) => ({ name: 'Bench SVG Conf', slug: `bench-svg-${randomUUID().slice(0, 8)}`, startDate: start, endDate: new Date(start.getTime() + 8 * HOUR), createdBy: owner.id })))
    .returning({ id: schema.events.id });
  await db.insert(schema.userRoles).values(owners.map((owner) => ({ userId: owner.id, role: 'event_owner' })));

  // People who sign in with a password: one account per sign-in, so no per-account limit is in the way.
  const people = await signedInPeople(db, SIGN_INS * 2, 'member');
  const hash = await hashPassword(PASSWORD);
  await db.insert(schema.authAccounts).values(people.map((person) => ({ accountId: person.id, providerId: 'credential', userId: person.id, password: hash })));
  const emails = (await db.select({ id: schema.authUsers.id, email: schema.authUsers.email }).from(schema.authUsers)).reduce((map, row) => map.set(row.id, row.email), new Map());

  process.env.SIGN_IN_RATE_LIMIT = '100000';
  server = await startServer(database.url);
  const { base } = server;

  const signIn = (person) => timedSignIn(base, emails.get(person.id), PASSWORD);
  const signIns = async (group) => {
    const times = [];
    for (const person of group) times.push(await signIn(person));
    return percentiles(times);
  };

  // Warm the server (first requests compile routes), then the baseline.
  await signIn(people[0]);
  console.log(`sign-ins alone… ${machineNote()}`);
  const alone = await signIns(people.slice(0, SIGN_INS));

  const bomb = filterBombSvg();
  let uploading = true;
  const answers = [];
  const uploader = async (index) => {
    while (uploading) {
      const form = new FormData();
      form.append('logo', new Blob([bomb], { type: 'image/svg+xml' }), 'logo.svg');
      const began = performance.now();
      const response = await fetch(`${base}/api/events/${events[index].id}/logo`, {
        method: 'PUT',
        headers: { cookie: sessionCookie(owners[index].token, server.secret), origin: base },
        body: form,
      });
      await response.arrayBuffer();
      answers.push({ status: response.status, ms: performance.now() - began });
      // A refused upload (503: the render queue is full, "try again in a minute") is retried after a second, so
      // the queue stays full for the whole run without turning the bench into a flood of cheap requests (that is
      // the rate limits' business, not the renderer's).
      if (response.status === 503) await sleep(1000);
    }
  };
  const uploaders = Array.from({ length: CLIENTS }, (_, index) => uploader(index));
  await sleep(500);
  console.log(`sign-ins while ${CLIENTS} clients upload SVG bombs… ${machineNote()}`);
  const loaded = await signIns(people.slice(SIGN_INS, SIGN_INS * 2));
  uploading = false;
  await Promise.all(uploaders);

  const byStatus = answers.reduce((counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }), {});
  const rendered = answers.filter((answer) => answer.status !== 503).map((answer) => answer.ms);
  console.log(`sign-in alone:        p50 ${ms(alone.p50)}  p95 ${ms(alone.p95)}  max ${ms(alone.max)}`);
  console.log(`sign-in under upload: p50 ${ms(loaded.p50)}  p95 ${ms(loaded.p95)}  max ${ms(loaded.max)}  (ratio of p95s ${(loaded.p95 / alone.p95).toFixed(2)}x, target <= 1.5x)`);
  console.log(`uploads: ${answers.length} answered, by status ${JSON.stringify(byStatus)}; longest answer after a render ${ms(Math.max(0, ...rendered))}`);

  report({ bench: 'svg-upload-signin', name: 'sign-in p95 without uploads', value: alone.p95, unit: 'ms', better: 'lower' });
  report({
    bench: 'svg-upload-signin',
    name: `sign-in p95 while ${CLIENTS} clients upload SVG bombs`,
    value: loaded.p95,
    unit: 'ms',
    better: 'lower',
    ratio: { of: 'sign-in p95 without uploads', value: loaded.p95 / alone.p95, target: { op: '<=', value: 1.5 } },
  });
  report({ bench: 'svg-upload-signin', name: 'SVG bomb uploads answered 5xx other than 503', value: answers.filter((a) => a.status >= 500 && a.status !== 503).length, unit: '', better: 'lower', target: { op: '=', value: 0 } });
} finally {
  await server?.stop();
  await database.drop();
}
