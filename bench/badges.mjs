// Badge printing (issue 20): one PDF of 2,000 badges, A6 and 4 x 3 in labels, from the real server process
// (apps/server/src/main.ts, as `npm start` runs it) on a fresh PostgreSQL database of its own: an event with ATTENDEES
// registered people (names, job titles and companies, a few in Polish and Chinese, so both embedded fonts are used)
// and a logo uploaded through the API. The organizer downloads GET /api/events/{eventId}/badges.pdf RUNS times per
// size, after one warm-up. Prints the time of each download, the file's size, the server's peak resident memory, and
// the worst wait of a health check polled every 50 ms meanwhile (the document is made in turns with other requests).
// No targets: the issue asks for the figures.
//
//   node bench/badges.mjs   (a database of its own is created on BENCH_DATABASE_URL, default
//                            postgres://postgres@127.0.0.1:5432/postgres, and dropped afterwards)
import { chunks, freshDatabase, machineNote, ms, peakResidentBytes, quick, report, residentBytes, runUnderTsx, sessionCookie, signedInPeople, sleep, startServer } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const ATTENDEES = quick ? 200 : 2000;
const RUNS = quick ? 1 : 3;
const HOUR = 3_600_000;

const { randomUUID } = await import('node:crypto');
const { sql } = await import('drizzle-orm');
const { default: sharp } = await import('sharp');
const { PDFDocument } = await import('pdf-lib');
const schema = await import('../apps/server/src/platform/db/schema.ts');

const FIRST = ['Ada', 'Grace', 'Alan', 'Margaret', 'Linus', 'Łukasz', 'Zofia', 'Wei', 'Mei', 'Amara', 'Juan Carlos', 'Siobhan'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Hamilton', 'Torvalds', 'Żółtowski-Brzęczyszczykiewicz', 'Nowak', 'Okonkwo', 'de la Fuente', "O'Sullivan"];
const TITLES = ['Software Engineer', 'Head of Partnerships', 'Senior Vice President of Global Strategic Alliances', 'CTO', null];
const COMPANIES = ['Acme', 'Przedsiębiorstwo Handlowo-Usługowe Wielkopolska', 'Contoso Research Laboratories International', '北京科技有限公司', null];

const database = await freshDatabase('badges');
const db = database.db;
let server;
try {
  console.log(`seeding ${ATTENDEES} registered attendees on PostgreSQL…`);
  const [owner] = await signedInPeople(db, 1, 'owner');
  const start = new Date(Date.now() + 7 * 24 * HOUR);
  const [event] = await db
    .insert(schema.events)
    .values({ name: 'Bench Badge Summit 2026', slug: `bench-badges-${randomUUID().slice(0, 8)}`, startDate: start, endDate: new Date(start.getTime() + 8 * HOUR), createdBy: owner.id })
    .returning();
  await db.insert(schema.userRoles).values({ userId: owner.id, role: 'event_owner' });
  const people = await signedInPeople(db, ATTENDEES, 'guest');
  for (const part of chunks(people.map((person, index) => ({ ...person, index })))) {
    await db.insert(schema.eventAttendees).values(part.map((person) => ({ eventId: event.id, userId: person.id })));
    // One name in 25 is Chinese, so the second font is embedded too.
    const rows = part.map(({ id, index }) => ({
      id,
      name: index % 25 === 7 ? '張偉' : `${FIRST[index % FIRST.length]} ${LAST[(index * 7) % LAST.length]}`,
      title: TITLES[index % TITLES.length],
      company: COMPANIES[(index * 3) % COMPANIES.length],
    }));
    await db.execute(
      sql`update profiles set full_name = v.name, job_title = v.title, company_or_institution = v.company
          from json_to_recordset(${JSON.stringify(rows)}::json) as v(id uuid, name text, title text, company text) where profiles.id = v.id`,
    );
  }
  await db.execute(sql`analyze`);

  server = await startServer(database.url);
  const { base, pid } = server;
  const headers = { cookie: sessionCookie(owner.token, server.secret), origin: base };

  // The logo as an organizer uploads it (stored as WebP; the badges convert it to PNG once per document).
  const logo = await sharp({ create: { width: 800, height: 240, channels: 4, background: '#5b3fd9' } }).png().toBuffer();
  const form = new FormData();
  form.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  const uploaded = await fetch(`${base}/api/events/${event.id}/logo`, { method: 'PUT', headers, body: form });
  if (uploaded.status !== 200) throw new Error(`logo upload answered ${uploaded.status}: ${await uploaded.text()}`);

  const download = async (query) => {
    const began = performance.now();
    const response = await fetch(`${base}/api/events/${event.id}/badges.pdf${query}`, { headers });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`badges.pdf${query} answered ${response.status}: ${new TextDecoder().decode(bytes)}`);
    return { ms: performance.now() - began, bytes };
  };
  /** The worst wait of a health check sent every 50 ms while `work` runs. */
  const healthDuring = async (work) => {
    let done = false;
    let worst = 0;
    const poll = (async () => {
      while (!done) {
        const began = performance.now();
        await (await fetch(`${base}/api/health`)).arrayBuffer();
        worst = Math.max(worst, performance.now() - began);
        await sleep(50);
      }
    })();
    const result = await work();
    done = true;
    await poll;
    return { result, worst };
  };

  await download(`?userIds=${people[0].id}`); // warm-up: fonts read, code compiled
  const idle = residentBytes(pid);
  console.log(`\n${ATTENDEES} badges, ${RUNS} download(s) per size, server resident memory ${(idle / 2 ** 20).toFixed(0)} MB before`);
  for (const [size, label] of [['a6', 'A6'], ['label-4x3', '4x3 in label']]) {
    const times = [];
    const waits = [];
    let bytes;
    for (let run = 0; run < RUNS; run++) {
      const { result, worst } = await healthDuring(() => download(`?size=${size}`));
      times.push(result.ms);
      waits.push(worst);
      bytes = result.bytes;
    }
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    if (pages !== ATTENDEES) throw new Error(`${label}: ${pages} pages for ${ATTENDEES} attendees`);
    const best = Math.min(...times);
    const megabytes = bytes.length / 1e6;
    console.log(
      `${label.padEnd(13)} ${times.map(ms).join(' ')}  (best ${ms(best)}, ${(best / ATTENDEES).toFixed(2)} ms a badge)  ${megabytes.toFixed(2)} MB (${(bytes.length / ATTENDEES / 1024).toFixed(1)} kB a badge)  health check worst ${ms(Math.max(...waits))}`,
    );
    report({ bench: 'badges', name: `${ATTENDEES.toLocaleString('en-US')} badges ${label}: time`, value: best, unit: 'ms', better: 'lower' });
    report({ bench: 'badges', name: `${ATTENDEES.toLocaleString('en-US')} badges ${label}: size`, value: megabytes, unit: 'MB', better: 'lower' });
    report({ bench: 'badges', name: `${ATTENDEES.toLocaleString('en-US')} badges ${label}: health check worst wait`, value: Math.max(...waits), unit: 'ms', better: 'lower' });
  }
  const peak = peakResidentBytes(pid);
  console.log(`server peak resident memory ${(peak / 2 ** 20).toFixed(0)} MB (${((peak - idle) / 2 ** 20).toFixed(0)} MB above its resident memory before the downloads)`);
  console.log(machineNote());
  report({ bench: 'badges', name: 'server peak resident memory', value: peak / 2 ** 20, unit: 'MB', better: 'lower' });
} finally {
  await server?.stop();
  await database.drop();
}
