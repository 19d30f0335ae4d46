import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionBookmarks, sessions } from '../../db/schema/agenda.ts';
import { createSession, eventWithCast } from '../../test/event-factories.ts';
import { signIn } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

const HOUR = 3_600_000;

// The agenda is written from per-process copies of each session (session-json.ts, decision 0073): whatever changes
// a session, however it is changed, must show in the very next agenda.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface AgendaSession {
  id: string;
  title: string;
  attendeeCount: number;
  isBookmarked: boolean;
  isCheckedIn: boolean;
}

async function agendaOf(on: TestServer, eventId: string, headers: Headers): Promise<AgendaSession[]> {
  const response = await on.request(`/api/events/${eventId}/agenda`, { headers });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessions: AgendaSession[] }).sessions;
}

const sessionInput = (title: string) => ({
  title,
  description: 'About it',
  speakerName: 'Ada',
  speakerBio: 'Wrote the first program.',
  sessionType: 'topic',
  startTime: '2027-03-01T09:00:00.000Z',
  endTime: '2027-03-01T10:00:00.000Z',
  timezone: 'Europe/London',
  location: 'Hall',
  maxCapacity: null,
  tags: [],
});

describe('the agenda after a change', () => {
  it('shows every change to its sessions on the next request, each viewer with their own flags', async () => {
    // Started two hours ago, so the second session is under way and open for check-in (decision 0105).
    const cast = await eventWithCast(server, { startDate: new Date(Date.now() - 2 * HOUR), endDate: new Date(Date.now() + 6 * HOUR) });
    const first = await createSession(server.ctx, cast.event, { title: 'First', offsetHours: 0 });
    const second = await createSession(server.ctx, cast.event, { title: 'Second', offsetHours: 2 });
    const agenda = (headers = cast.attendee.headers) => agendaOf(server, cast.event.id, headers);
    expect((await agenda()).map((s) => s.title)).toEqual(['First', 'Second']);

    // Edited through the API.
    const edited = await server.send('PUT', `/api/sessions/${first.id}`, cast.owner.headers, sessionInput('First, renamed'));
    expect(edited.status).toBe(200);
    expect((await agenda()).map((s) => s.title)).toEqual(['Second', 'First, renamed']); // now on 1 March, later

    // A check-in counted, and the viewer's own flags, which the copies never hold.
    expect((await server.send('POST', `/api/sessions/${second.id}/check-in`, cast.attendee.headers)).status).toBe(200);
    await server.ctx.db.insert(sessionBookmarks).values({ sessionId: first.id, userId: cast.attendee.user.id });
    expect(await agenda()).toMatchObject([
      { id: second.id, attendeeCount: 1, isCheckedIn: true, isBookmarked: false },
      { id: first.id, attendeeCount: 0, isCheckedIn: false, isBookmarked: true },
    ]);
    expect(await agenda(cast.volunteer.headers)).toMatchObject([
      { id: second.id, attendeeCount: 1, isCheckedIn: false, isBookmarked: false },
      { id: first.id, isBookmarked: false },
    ]);

    // Written straight to the database, as another process or a migration would.
    await server.ctx.db.update(sessions).set({ title: 'Second, by SQL' }).where(eq(sessions.id, second.id));
    expect((await agenda())[0]!.title).toBe('Second, by SQL');

    // Added and deleted.
    const third = await createSession(server.ctx, cast.event, { title: 'Third', offsetHours: 1 });
    expect((await agenda()).map((s) => s.id)).toEqual([third.id, second.id, first.id]);
    expect((await server.send('DELETE', `/api/sessions/${second.id}`, cast.owner.headers)).status).toBe(204);
    expect((await agenda()).map((s) => s.id)).toEqual([third.id, first.id]);
  });

  it('changes two sessions in one transaction and shows both', async () => {
    const cast = await eventWithCast(server);
    const [a, b] = [
      await createSession(server.ctx, cast.event, { title: 'A', offsetHours: 0 }),
      await createSession(server.ctx, cast.event, { title: 'B', offsetHours: 1 }),
    ];
    await agendaOf(server, cast.event.id, cast.attendee.headers);
    await server.ctx.db.transaction(async (tx) => {
      await tx.update(sessions).set({ title: sql`${sessions.title} || ' (moved)'` }).where(eq(sessions.eventId, cast.event.id));
    });
    expect((await agendaOf(server, cast.event.id, cast.attendee.headers)).map((s) => [s.id, s.title])).toEqual([
      [a.id, 'A (moved)'],
      [b.id, 'B (moved)'],
    ]);
  });
});

// Two server processes on one PostgreSQL: two apps with their own pools and their own copies in memory.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer();
  });
  afterAll(async () => {
    await other?.close();
  });

  it('a change made through one shows in the next agenda of the other', async () => {
    const cast = await eventWithCast(server, { startDate: new Date(), endDate: new Date(Date.now() + 6 * HOUR) });
    const session = await createSession(server.ctx, cast.event, { title: 'Before' });
    const onOther = await signIn(other, cast.owner.user);
    expect((await agendaOf(server, cast.event.id, cast.attendee.headers))[0]!.title).toBe('Before');
    expect((await agendaOf(other, cast.event.id, onOther))[0]!.title).toBe('Before');
    // The edit keeps the session under way, so the check-in below is inside its window (decision 0105).
    const keepTimes = { startTime: session.startTime.toISOString(), endTime: session.endTime.toISOString() };
    expect((await other.send('PUT', `/api/sessions/${session.id}`, onOther, { ...sessionInput('After'), ...keepTimes })).status).toBe(200);
    expect((await agendaOf(server, cast.event.id, cast.attendee.headers))[0]!.title).toBe('After');
    expect((await server.send('POST', `/api/sessions/${session.id}/check-in`, cast.attendee.headers)).status).toBe(200);
    expect((await agendaOf(other, cast.event.id, onOther))[0]!.attendeeCount).toBe(1);
  });
});
