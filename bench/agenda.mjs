// Agenda benchmark: the agenda of an event with 300 sessions and 5,000 attendees (each with bookmarks and
// check-ins) against one with 10 sessions, through the whole app (app.request: session cookie, authorization,
// queries, JSON) on an in-memory PGlite. Prints p50/p95 of each and their ratios. Printed, not asserted; the target
// is a p95 ratio within 1.5x, which holds only when the agenda makes no per-session queries.
//
//   node bench/agenda.mjs          (re-runs itself under tsx, which loads the server's TypeScript)
import { alternating, chunks, machineNote, quick, reportGrowth, runUnderTsx, timeRequests } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const BIG = { sessions: 300, attendees: quick ? 500 : 5000, bookmarksEach: 5, checkInsEach: 2 };
const SMALL = { sessions: 10 };
const RUNS = quick ? 50 : 200;
const HOUR = 3_600_000;

const { sql } = await import('drizzle-orm');
const { startTestServer } = await import('../apps/server/src/test/harness.ts');
const { signedInUser } = await import('../apps/server/src/test/factories.ts');
const { addAttendee, createEvent } = await import('../apps/server/src/test/event-factories.ts');
const schema = await import('../apps/server/src/db/schema.ts');

const server = await startTestServer({ LOG_LEVEL: 'silent' });
const db = server.ctx.db;

async function seedSessions(event, count) {
  const types = ['topic', 'workshop', 'break', 'networking'];
  const rows = Array.from({ length: count }, (_, index) => {
    const type = types[index % types.length];
    const startTime = new Date(event.startDate.getTime() + (index % 40) * 0.5 * HOUR + Math.floor(index / 40) * 24 * HOUR);
    return {
      eventId: event.id,
      title: `Session ${index + 1}: a talk with a realistic, longish title`,
      description: 'A description of a few sentences, as organizers write them. '.repeat(3),
      speakerName: 'Ada Lovelace, Grace Hopper',
      sessionType: type,
      startTime,
      endTime: new Date(startTime.getTime() + 0.75 * HOUR),
      timezone: 'Europe/London',
      location: `Room ${(index % 12) + 1}`,
      maxCapacity: 500,
      tags: ['ai', 'product', 'growth'],
      hostName: type === 'workshop' ? 'Grace Hopper' : null,
      createdBy: event.createdBy,
    };
  });
  const ids = [];
  for (const part of chunks(rows, 200)) ids.push(...(await db.insert(schema.sessions).values(part).returning({ id: schema.sessions.id })).map((row) => row.id));
  return ids;
}

console.log('seeding…');
const { user: owner } = await signedInUser(server);
const viewer = await signedInUser(server);
const start = new Date(Date.now() + 30 * 24 * HOUR);
const big = await createEvent(server.ctx, owner.id, { name: 'Big', startDate: start, endDate: new Date(start.getTime() + 8 * 24 * HOUR) });
const small = await createEvent(server.ctx, owner.id, { name: 'Small', startDate: start, endDate: new Date(start.getTime() + 24 * HOUR) });
const bigSessions = await seedSessions(big, BIG.sessions);
const smallSessions = await seedSessions(small, SMALL.sessions);
await addAttendee(server.ctx, big.id, viewer.user.id);
await addAttendee(server.ctx, small.id, viewer.user.id);

const users = Array.from({ length: BIG.attendees }, (_, index) => ({ name: `Bench ${index}`, email: `bench-${index}@bench-agenda.com`, emailVerified: true }));
const userIds = [];
for (const part of chunks(users)) userIds.push(...(await db.insert(schema.authUsers).values(part).returning({ id: schema.authUsers.id })).map((row) => row.id));
for (const part of chunks(userIds)) {
  await db.insert(schema.eventAttendees).values(part.map((userId) => ({ eventId: big.id, userId })));
  await db.insert(schema.userEventAccess).values(part.map((userId) => ({ eventId: big.id, userId, accessType: 'registered_attendee' })));
}
const bookmarks = [];
const attendance = [];
userIds.forEach((userId, index) => {
  for (let k = 0; k < BIG.bookmarksEach; k++) bookmarks.push({ sessionId: bigSessions[(index * 7 + k * 31) % bigSessions.length], userId });
  for (let k = 0; k < BIG.checkInsEach; k++) attendance.push({ sessionId: bigSessions[(index * 7 + k * 31) % bigSessions.length], userId });
});
for (const part of chunks(bookmarks)) await db.insert(schema.sessionBookmarks).values(part).onConflictDoNothing();
for (const part of chunks(attendance)) await db.insert(schema.sessionAttendance).values(part).onConflictDoNothing();
await db.execute(sql`update sessions set checked_in_count = (select count(*) from session_attendance a where a.session_id = sessions.id)`);
// The viewer bookmarked and checked in to a few sessions of each event.
for (const id of [...bigSessions.slice(0, 5), ...smallSessions.slice(0, 3)]) await db.insert(schema.sessionBookmarks).values({ sessionId: id, userId: viewer.user.id });
await db.execute(sql`analyze`);

const measure = (eventId) => () => timeRequests(server, `/api/events/${eventId}/agenda`, viewer.headers, { runs: RUNS });
// Alternate the two a few rounds so neither gets all the warm caches.
const { small: s, big: b } = await alternating(2, measure(small.id), measure(big.id));
const fmt = (value) => `${value.toFixed(2)} ms`;
console.log('');
console.log(`agenda, ${SMALL.sessions} sessions:                          p50 ${fmt(s.p50)}  p95 ${fmt(s.p95)}  (${(s.bytes / 1024).toFixed(1)} kB)`);
console.log(`agenda, ${BIG.sessions} sessions, ${BIG.attendees} attendees, ${bookmarks.length} bookmarks, ${attendance.length} check-ins: p50 ${fmt(b.p50)}  p95 ${fmt(b.p95)}  (${(b.bytes / 1024).toFixed(1)} kB)`);
console.log(`ratio big / small: p95 ${(b.p95 / s.p95).toFixed(2)}x (p50 ${(b.p50 / s.p50).toFixed(2)}x)   target: p95 within 1.5x`);
console.log(machineNote());
reportGrowth(
  'agenda',
  'agenda (PGlite)',
  { label: `${SMALL.sessions} sessions`, p95: s.p95 },
  { label: `${BIG.sessions} sessions, ${BIG.attendees.toLocaleString('en')} attendees`, p95: b.p95 },
);
await server.close();
