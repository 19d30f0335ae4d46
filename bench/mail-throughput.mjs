// Invitation email throughput (issue 19): EMAILS invitations sent through the real API (POST /api/invitations, 50
// addresses a call) of the real server process (apps/server/src/main.ts, as `npm start` runs it) on a fresh
// PostgreSQL database of its own, delivered by its job queue's workers through SMTP to a local sink (the
// `smtp-server` package) that refuses REFUSED of the messages it is offered, at random, with a temporary 451, so the
// queue must retry them. The sink counts each message by its recipient (one address per invitation). Prints:
//   - emails delivered per second while the queue has work: every delivery from the first API request to the last
//     delivery at a first offer, divided by that time (the refused tenth arrives later, after the queue's backoff of
//     5 s, 10 s...: waiting by design, not work; the time until the very last one is printed too);
//   - the p95 time from the API request that sent an invitation to the sink taking its email (retries included);
//   - lost (never arrived, once the outbox has nothing left to send) and doubled (arrived more than once);
//   - password sign-in p95 (the real Better Auth endpoint, one at a time, a small steady load) before the batch and
//     while it runs.
// Targets: at least 200 emails a second, none lost, none doubled, sign-in p95 during the batch within 1.5x of before.
//
// The invitation endpoint counts 500 emails per sender a day (INVITATION_LIMITS, no setting): the event has
// EMAILS / 500 organizers (its owner and co-owners), each sending their own 500, SENDS_IN_FLIGHT calls at a time.
//
//   node bench/mail-throughput.mjs   (a database of its own is created on BENCH_DATABASE_URL, default
//                                     postgres://postgres@127.0.0.1:5432/postgres, and dropped afterwards)
//   node bench/mail-throughput.mjs 2000   (another number of emails; --quick under run.mjs: 500)
//   BENCH_CONCURRENCY=8 …             invitation calls in flight (default 4)
//   BENCH_PROFILE=/tmp/prof …         also writes the server's CPU profile there (open it in Chrome DevTools)
import { chunks, cpuMillis, freshDatabase, machineNote, ms, percentiles, quick, report, runUnderTsx, signedInPeople, sleep, startServer, timedSignIn } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const EMAILS = Number(process.argv[2] ?? (quick ? 500 : 10_000));
const REFUSED = 0.1;
/** Addresses per call: the endpoint's most (MAX_INVITATION_EMAILS). */
const PER_CALL = 50;
/** Invitations one organizer may send a day (INVITATION_LIMITS.perSenderPerDay). */
const PER_SENDER = 500;
const SENDS_IN_FLIGHT = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SIGN_INS_BEFORE = quick ? 15 : 40;
/** The pause between two sign-ins: a steady trickle of people arriving, not a load of its own. */
const SIGN_IN_GAP_MS = 200;
const PASSWORD = 'bench-password-1234';
/** How long the refused messages may take to arrive through the queue's backoff before the rest count as lost. */
const DRAIN_TIMEOUT_MS = 10 * 60_000;
const HOUR = 3_600_000;

const { randomUUID } = await import('node:crypto');
const { createRequire } = await import('node:module');
const { pathToFileURL } = await import('node:url');
// better-auth and smtp-server are the server workspace's dependencies: resolved from there.
const fromServer = createRequire(new URL('../apps/server/package.json', import.meta.url));
const { hashPassword } = await import(pathToFileURL(fromServer.resolve('better-auth/crypto')).href);
const { SMTPServer } = await import(pathToFileURL(fromServer.resolve('smtp-server')).href);
const { sql } = await import('drizzle-orm');
const { selectRows } = await import('../apps/server/src/platform/db/client.ts');
const schema = await import('../apps/server/src/platform/db/schema.ts');

/**
 * The sink: per recipient, the times its message was taken; refuses REFUSED of the offers at random with a
 * temporary 451 after reading the message, as a busy mail server does. `firstOffers` marks the addresses whose
 * message was taken the first time it was offered.
 */
async function startSink() {
  const received = new Map();
  const refused = new Set();
  let lastFirstOffer = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Far above the server's pool (nodemailer's maxConnections): the sink must never be the limit.
    maxClients: 100,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const at = performance.now();
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        if (Math.random() < REFUSED) {
          for (const address of to) refused.add(address);
          callback(Object.assign(new Error('4.3.0 Busy, try again later'), { responseCode: 451 }));
          return;
        }
        for (const address of to) {
          if (!refused.has(address)) lastFirstOffer = at;
          received.set(address, [...(received.get(address) ?? []), at]);
        }
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    received,
    refused,
    lastFirstOffer: () => lastFirstOffer,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const database = await freshDatabase('mail');
const db = database.db;
const sink = await startSink();
let server;
try {
  const senderCount = Math.ceil(EMAILS / PER_SENDER);
  console.log(`seeding one event with ${senderCount} organizer(s), and ${SIGN_INS_BEFORE * 10} people who sign in with a password, on PostgreSQL…`);
  // One more organizer for the warm-up send, so the others each have their whole day for the batch.
  const organizers = await signedInPeople(db, senderCount + 1, 'organizer');
  const start = new Date(Date.now() + 7 * 24 * HOUR);
  const [event] = await db
    .insert(schema.events)
    .values({ name: 'Bench Mail Summit', slug: `bench-mail-${randomUUID().slice(0, 8)}`, startDate: start, endDate: new Date(start.getTime() + 8 * HOUR), createdBy: organizers[0].id })
    .returning({ id: schema.events.id });
  await db.insert(schema.userRoles).values(organizers.map((organizer) => ({ userId: organizer.id, role: 'event_owner' })));
  await db.insert(schema.eventCoOwners).values(organizers.slice(1).map((organizer) => ({ eventId: event.id, userId: organizer.id })));

  // One account per sign-in slot (cycled through), so no per-account limit is in the way.
  const members = await signedInPeople(db, SIGN_INS_BEFORE * 10, 'member');
  const hash = await hashPassword(PASSWORD);
  await db.insert(schema.authAccounts).values(members.map((person) => ({ accountId: person.id, providerId: 'credential', userId: person.id, password: hash })));
  const emailOf = new Map((await db.select({ id: schema.authUsers.id, email: schema.authUsers.email }).from(schema.authUsers)).map((row) => [row.id, row.email]));

  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  server = await startServer(database.url, {
    nodeArgs: profile,
    env: { SMTP_URL: sink.url, SIGN_IN_RATE_LIMIT: '100000', SIGN_IN_RATE_LIMIT_PER_IP: '100000' },
  });
  const { base } = server;

  let signInTurn = 0;
  const signIn = () => timedSignIn(base, emailOf.get(members[signInTurn++ % members.length].id), PASSWORD);
  /** Steady sign-ins, one at a time with a pause between, until `until()` says stop (or `count` of them). */
  async function signIns({ count = Infinity, until = () => false }) {
    const times = [];
    while (times.length < count && !until()) {
      times.push(await signIn());
      await sleep(SIGN_IN_GAP_MS);
    }
    return times;
  }

  // Warm the server (first requests compile routes and plans): a sign-in and one small send, not measured.
  await signIn();
  const warmup = await fetch(`${base}/api/invitations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${organizers[senderCount].token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ eventId: event.id, emails: ['warmup@bench-mail-warmup.com'] }),
  });
  if (warmup.status !== 200) throw new Error(`the warm-up send answered ${warmup.status}: ${await warmup.text()}`);
  const deadline = Date.now() + 30_000;
  while (!sink.received.has('warmup@bench-mail-warmup.com') && Date.now() < deadline) await sleep(50);
  sink.received.clear();

  console.log(`sign-ins before the batch… ${machineNote()}`);
  const before = percentiles(await signIns({ count: SIGN_INS_BEFORE }));

  // Each organizer's 500 addresses in calls of 50, the organizers' calls interleaved as they would be in a day.
  const addresses = Array.from({ length: EMAILS }, (_, index) => `guest-${index}@bench-mail.com`);
  const perOrganizer = organizers.slice(0, senderCount).map((organizer, index) => chunks(addresses.slice(index * PER_SENDER, (index + 1) * PER_SENDER), PER_CALL).map((emails) => ({ organizer, emails })));
  const calls = perOrganizer[0].flatMap((_, turn) => perOrganizer.map((own) => own[turn]).filter(Boolean));

  const requestedAt = new Map();
  const answers = {};
  let next = 0;
  const cpuBefore = cpuMillis(server.pid);
  console.log(`sending ${EMAILS} invitations in ${calls.length} calls, ${SENDS_IN_FLIGHT} in flight, while people keep signing in… ${machineNote()}`);
  const began = performance.now();
  let sending = true;
  const during = signIns({ until: () => !sending });
  await Promise.all(
    Array.from({ length: SENDS_IN_FLIGHT }, async () => {
      while (next < calls.length) {
        const { organizer, emails } = calls[next++];
        const at = performance.now();
        for (const email of emails) requestedAt.set(email, at);
        const response = await fetch(`${base}/api/invitations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${organizer.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ eventId: event.id, emails }),
        });
        const body = await response.json();
        const key = response.status === 200 ? `200, ${body.results.filter((result) => !result.success).length ? 'some not sent' : 'all sent'}` : `${response.status} ${body.error?.code}`;
        answers[key] = (answers[key] ?? 0) + 1;
      }
    }),
  );
  const sentSeconds = (performance.now() - began) / 1000;
  console.log(`all ${calls.length} calls answered in ${sentSeconds.toFixed(1)} s (${(EMAILS / sentSeconds).toFixed(0)} invitations/s written); waiting for the sink…`);

  // Every email at a first offer has arrived once every address has arrived or been refused at least once; the
  // refused wait for the queue's backoff. The batch's load ends there, and the sign-ins during it with it.
  const offered = () => EMAILS - [...requestedAt.keys()].filter((address) => !sink.received.has(address) && !sink.refused.has(address)).length;
  while (offered() < EMAILS && performance.now() - began < DRAIN_TIMEOUT_MS) await sleep(100);
  sending = false;
  const duringTimes = await during;
  const loaded = percentiles(duringTimes);
  const busySeconds = (sink.lastFirstOffer() - began) / 1000;
  const deliveredBusy = [...sink.received.values()].flat().filter((at) => at <= sink.lastFirstOffer()).length;
  const cpuPerEmail = (cpuMillis(server.pid) - cpuBefore) / deliveredBusy;

  // The refused ones, through the queue's retries: done once the outbox has nothing left queued.
  const one = async (statement) => (await selectRows(db, statement))[0].n;
  while ((await one(sql`select count(*)::int as n from mail_outbox where status = 'queued'`)) > 0 && performance.now() - began < DRAIN_TIMEOUT_MS) await sleep(500);
  // A second more for a doubled copy still on its way (a try whose job expired while its send was in flight).
  await sleep(1000);
  const allSeconds = (Math.max(...[...sink.received.values()].flat()) - began) / 1000;
  const outbox = await selectRows(db, sql`select status, count(*)::int as n from mail_outbox group by status order by status`);

  const lost = addresses.filter((address) => !sink.received.has(address)).length;
  const doubled = addresses.filter((address) => (sink.received.get(address)?.length ?? 0) > 1).length;
  const delays = addresses.filter((address) => sink.received.has(address)).map((address) => sink.received.get(address)[0] - requestedAt.get(address));
  const delay = percentiles(delays);
  const perSecond = deliveredBusy / busySeconds;

  console.log('');
  console.log(`${EMAILS} invitation emails, ${senderCount} organizer(s), ${SENDS_IN_FLIGHT} calls of ${PER_CALL} in flight; the sink refused ${sink.refused.size} addresses at least once (451)`);
  console.log(`answers      ${Object.entries(answers).map(([key, n]) => `${key}: ${n}`).join(', ')}`);
  console.log(`throughput   ${perSecond.toFixed(0)} emails/s delivered (${deliveredBusy} in ${busySeconds.toFixed(1)} s, to the last first-offer delivery); the last retry arrived after ${allSeconds.toFixed(1)} s`);
  console.log(`to the sink  p50 ${ms(delay.p50)}  p95 ${ms(delay.p95)}  p99 ${ms(delay.p99)}  max ${ms(delay.max)}  (from the API request, retries included)`);
  console.log(`lost ${lost}, doubled ${doubled}; outbox ${outbox.map((row) => `${row.status}: ${row.n}`).join(', ')}`);
  console.log(`server CPU   ${cpuPerEmail.toFixed(2)} ms an email (writing, queueing and sending it; the sign-ins during the batch included)`);
  console.log(`sign-in before the batch: p50 ${ms(before.p50)}  p95 ${ms(before.p95)}  (${SIGN_INS_BEFORE})`);
  console.log(`sign-in during the batch: p50 ${ms(loaded.p50)}  p95 ${ms(loaded.p95)}  (${duringTimes.length}; ratio of p95s ${(loaded.p95 / before.p95).toFixed(2)}x, target <= 1.5x)`);
  console.log('targets: at least 200 emails/s, none lost, none doubled, sign-in p95 within 1.5x');
  console.log(machineNote());

  const bench = 'mail-throughput';
  report({ bench, name: 'invitation emails delivered per second', value: perSecond, unit: 'emails/s', better: 'higher', target: { op: '>=', value: 200 } });
  report({ bench, name: 'API request to SMTP receipt, p95', value: delay.p95, unit: 'ms', better: 'lower' });
  report({ bench, name: 'emails lost', value: lost, unit: '', better: 'lower', target: { op: '=', value: 0 } });
  report({ bench, name: 'emails doubled', value: doubled, unit: '', better: 'lower', target: { op: '=', value: 0 } });
  report({ bench, name: 'sign-in p95 before the batch', value: before.p95, unit: 'ms', better: 'lower' });
  report({
    bench,
    name: 'sign-in p95 during the batch',
    value: loaded.p95,
    unit: 'ms',
    better: 'lower',
    ratio: { of: 'sign-in p95 before the batch', value: loaded.p95 / before.p95, target: { op: '<=', value: 1.5 } },
  });
} finally {
  await server?.stop();
  await sink.close();
  await database.drop();
}
