import { and, count, eq } from 'drizzle-orm';
import { agendaSchema, sessionSchema } from '@mingle/shared/agenda/contract';
import { describe, expect, it } from 'vitest';
import { sessionAttendance, sessionBookmarks, sessions } from '../../platform/db/schema/agenda.ts';
import { addAttendee, createEvent, createSession, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const HOUR = 3_600_000;

const server = useTestServer();


/** An event's sessions as stored: what a refused add, edit or delete must leave as it was. */
const sessionsOf = (eventId: string) => server.ctx.db.select().from(sessions).where(eq(sessions.eventId, eventId)).orderBy(sessions.id);
/** A session's check-ins and bookmarks, with its stored count: what a refused check-in or bookmark must leave as it was. */
const seatsOf = async (sessionId: string) => ({
  attendance: await server.ctx.db.select().from(sessionAttendance).where(eq(sessionAttendance.sessionId, sessionId)),
  bookmarks: await server.ctx.db.select().from(sessionBookmarks).where(eq(sessionBookmarks.sessionId, sessionId)),
  session: await server.ctx.db.select().from(sessions).where(eq(sessions.id, sessionId)),
});

const validSession = (patch: Record<string, unknown> = {}) => ({
  title: 'Opening keynote',
  description: 'Why we are here',
  speakerName: 'Ada Lovelace',
  speakerBio: 'Wrote the first program.',
  sessionType: 'topic',
  startTime: '2026-09-01T08:00:00.000Z',
  endTime: '2026-09-01T09:00:00.000Z',
  timezone: 'Europe/London',
  location: 'Main Hall',
  maxCapacity: 100,
  tags: ['keynote', 'community'],
  ...patch,
});

interface SessionJson {
  id: string;
  title: string;
  sessionType: string;
  attendeeCount: number;
  isBookmarked: boolean;
  isCheckedIn: boolean;
  maxCapacity: number | null;
  speakerBio?: string | null;
  hostName: string | null;
  referenceUrl: string | null;
}

interface ViewerJson {
  canManage: boolean;
  bookmarkedSessionIds: string[];
  checkedInSessionIds: string[];
}

describe('agenda', () => {
  it("shows the event's sessions by start time to its participants, and each viewer their own marks", async () => {
    const cast = await eventWithCast(server);
    const late = await createSession(server.ctx, cast.event, { title: 'Late', offsetHours: 3, sessionType: 'workshop', hostName: 'Host' });
    const early = await createSession(server.ctx, cast.event, { title: 'Early', offsetHours: 0, sessionType: 'break' });
    await server.ctx.db.insert(sessionBookmarks).values({ sessionId: late.id, userId: cast.attendee.user.id });
    const agenda = async (headers?: Headers) => server.request(`/api/events/${cast.event.id}/agenda`, { headers });
    const viewer = async (headers?: Headers) => server.request(`/api/events/${cast.event.id}/agenda/viewer`, { headers });
    for (const who of [cast.owner, cast.coOwner, cast.volunteer, cast.attendee, cast.admin]) {
      expect((await agenda(who.headers)).status).toBe(200);
      expect((await viewer(who.headers)).status).toBe(200);
    }
    for (const who of [cast.otherOwner, cast.stranger]) {
      for (const refused of [await agenda(who.headers), await viewer(who.headers)]) {
        expect(refused.status).toBe(404);
        expect(await errorOf(refused)).toEqual({ code: 'not_found', message: 'Event not found' });
      }
    }
    expect((await agenda()).status).toBe(401);
    expect((await viewer()).status).toBe(401);
    const body = (await (await agenda(cast.attendee.headers)).json()) as { event: { name: string }; sessions: SessionJson[] };
    expect(body.event.name).toBe(cast.event.name);
    expect(body.sessions.map((session) => session.id)).toEqual([early.id, late.id]);
    expect(body.sessions[0]).not.toHaveProperty('speakerBio');
    expect(body.sessions[0]).not.toHaveProperty('isBookmarked');
    expect(await (await viewer(cast.attendee.headers)).json()).toEqual({ canManage: false, bookmarkedSessionIds: [late.id], checkedInSessionIds: [] });
    expect(((await (await viewer(cast.owner.headers)).json()) as ViewerJson).canManage).toBe(true);
    expect(((await (await viewer(cast.coOwner.headers)).json()) as ViewerJson).canManage).toBe(true);
  });

  it('writes each session exactly in the shared shape, the same fields as Manage Sessions less the bio and marks', async () => {
    const cast = await eventWithCast(server);
    const full = await createSession(server.ctx, cast.event, {
      title: 'Quotes "and" \\ backslashes, ünïcödé',
      description: 'Line one\nLine two',
      speakerName: 'Ada',
      sessionType: 'workshop',
      hostName: 'Grace',
      referenceUrl: 'https://example.com/x',
      location: 'Lab',
      maxCapacity: 12,
      tags: ['a', 'b'],
      networkingSlotsOpen: true,
      timezone: 'Asia/Kolkata',
      startTime: new Date('2026-10-01T03:30:00.123Z'),
      endTime: new Date('2026-10-01T05:00:00.000Z'),
    });
    // Under way, so its check-in window is open (decision 0105).
    const bare = await createSession(server.ctx, cast.event, { startTime: new Date(), endTime: new Date(Date.now() + HOUR) });
    await server.ctx.db.insert(sessionBookmarks).values({ sessionId: full.id, userId: cast.owner.user.id });
    await server.send('POST', `/api/sessions/${bare.id}/check-in`, cast.owner.headers);
    const agenda = (await (await server.request(`/api/events/${cast.event.id}/agenda`, { headers: cast.owner.headers })).json()) as {
      sessions: Array<Record<string, unknown>>;
    };
    const managed = (await (await server.request(`/api/events/${cast.event.id}/sessions`, { headers: cast.owner.headers })).json()) as {
      sessions: Array<Record<string, unknown>>;
    };
    expect(agenda).toEqual(agendaSchema.parse(agenda));
    for (const session of agenda.sessions) expect(Object.keys(session).sort()).toEqual(Object.keys(sessionSchema.shape).sort());
    expect(agenda.sessions).toEqual(managed.sessions.map(({ speakerBio: _bio, isBookmarked: _b, isCheckedIn: _c, ...session }) => session));
    expect(managed.sessions[0]).toMatchObject({ id: full.id, isBookmarked: true, isCheckedIn: false, startTime: '2026-10-01T03:30:00.123Z' });
    expect(agenda.sessions.at(-1)).toMatchObject({ id: bare.id, attendeeCount: 1 });
    const viewer = (await (await server.request(`/api/events/${cast.event.id}/agenda/viewer`, { headers: cast.owner.headers })).json()) as ViewerJson;
    expect(viewer).toEqual({ canManage: true, bookmarkedSessionIds: [full.id], checkedInSessionIds: [bare.id] });
  });
});

describe('manage sessions', () => {
  it('lets owner, co-owner and super admin add, edit and delete; refuses everyone else', async () => {
    const cast = await eventWithCast(server);
    const create = (headers?: Headers) => server.send('POST', `/api/events/${cast.event.id}/sessions`, headers, validSession());
    for (const who of [cast.owner, cast.coOwner, cast.admin]) expect((await create(who.headers)).status).toBe(201);
    await expectNothingWritten(
      () => sessionsOf(cast.event.id),
      async () => {
        for (const who of [cast.volunteer, cast.attendee]) expect((await create(who.headers)).status).toBe(403);
        for (const who of [cast.otherOwner, cast.stranger]) expect((await create(who.headers)).status).toBe(404);
        expect((await create()).status).toBe(401);
      },
    );

    const created = (await (await create(cast.owner.headers)).json()) as SessionJson;
    expect(created).toMatchObject({ title: 'Opening keynote', speakerBio: 'Wrote the first program.', attendeeCount: 0, maxCapacity: 100 });
    const update = (headers?: Headers) => server.send('PUT', `/api/sessions/${created.id}`, headers, validSession({ title: 'Renamed', maxCapacity: null }));
    await expectNothingWritten(
      () => sessionsOf(cast.event.id),
      async () => {
        expect((await update(cast.attendee.headers)).status).toBe(403);
        expect((await update(cast.otherOwner.headers)).status).toBe(404);
      },
    );
    const updated = await update(cast.coOwner.headers);
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ title: 'Renamed', maxCapacity: null });

    const list = await server.request(`/api/events/${cast.event.id}/sessions`, { headers: cast.coOwner.headers });
    expect(((await list.json()) as { sessions: SessionJson[] }).sessions.find((s) => s.id === created.id)?.speakerBio).toBe('Wrote the first program.');
    expect((await server.request(`/api/events/${cast.event.id}/sessions`, { headers: cast.attendee.headers })).status).toBe(403);

    await expectNothingWritten(
      () => sessionsOf(cast.event.id),
      async () => {
        expect((await server.send('DELETE', `/api/sessions/${created.id}`, cast.attendee.headers)).status).toBe(403);
        expect((await server.send('DELETE', `/api/sessions/${created.id}`, cast.otherOwner.headers)).status).toBe(404);
      },
    );
    expect((await server.send('DELETE', `/api/sessions/${created.id}`, cast.admin.headers)).status).toBe(204);
    const missing = await server.send('DELETE', `/api/sessions/${created.id}`, cast.owner.headers);
    expect(await errorOf(missing)).toEqual({ code: 'not_found', message: 'Session not found' });
  });

  it("answers the spec's messages, and keeps host and link for workshops only", async () => {
    const cast = await eventWithCast(server);
    const create = (patch: Record<string, unknown>) => server.send('POST', `/api/events/${cast.event.id}/sessions`, cast.owner.headers, validSession(patch));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, 'Session name is required'],
      [{ title: 'x'.repeat(201) }, 'Session name must be less than 200 characters'],
      [{ speakerName: 'x'.repeat(501) }, 'Speaker names must be less than 500 characters'],
      [{ startTime: '' }, 'Start time is required'],
      [{ endTime: '' }, 'End time is required'],
      [{ timezone: 'Moon/Base' }, 'Timezone is required'],
      [{ sessionType: 'workshop', hostName: ' ' }, 'Host name is required for workshop sessions'],
      [{ sessionType: 'workshop', hostName: 'Grace', referenceUrl: 'not a url' }, 'Must be a valid URL'],
      [{ sessionType: 'workshop', hostName: 'Grace', referenceUrl: `https://example.com/${'a'.repeat(500)}` }, 'Reference URL must be less than 500 characters'],
      [{ endTime: '2026-09-01T07:00:00.000Z' }, 'End time must be after start time'],
      [{ maxCapacity: 0 }, 'Capacity must be a positive whole number'],
      [{ tags: Array.from({ length: 11 }, (_, index) => `tag${index}`) }, 'A session can have at most 10 tags'],
      [{ tags: ['AI', 'ai'] }, 'Tags must not repeat'],
    ];
    for (const [patch, message] of cases) {
      const response = await create(patch);
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toEqual({ code: 'validation_failed', message });
    }
    const workshop = (await (await create({ sessionType: 'workshop', hostName: 'Grace', referenceUrl: 'https://example.com/lab', tags: [' a ', 'b'] })).json()) as SessionJson & { tags: string[] };
    expect(workshop).toMatchObject({ hostName: 'Grace', referenceUrl: 'https://example.com/lab', tags: ['a', 'b'] });
    const topic = (await (await create({ hostName: 'Ignored', referenceUrl: 'https://example.com/x' })).json()) as SessionJson;
    expect(topic).toMatchObject({ hostName: null, referenceUrl: null });
  });
});

describe('bookmarks', () => {
  it('bookmarks once however many parallel clicks, removes, and refuses non-participants', async () => {
    const cast = await eventWithCast(server);
    const session = await createSession(server.ctx, cast.event);
    const responses = await Promise.all(Array.from({ length: 20 }, () => server.send('PUT', `/api/sessions/${session.id}/bookmark`, cast.attendee.headers)));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const [bookmarks] = await server.ctx.db.select({ total: count() }).from(sessionBookmarks).where(eq(sessionBookmarks.sessionId, session.id));
    expect(bookmarks!.total).toBe(1);
    await expectNothingWritten(
      () => seatsOf(session.id),
      async () => {
        expect((await server.send('PUT', `/api/sessions/${session.id}/bookmark`, cast.stranger.headers)).status).toBe(404);
        expect((await server.send('PUT', `/api/sessions/${session.id}/bookmark`)).status).toBe(401);
      },
    );
    expect((await server.send('PUT', '/api/sessions/not-a-uuid/bookmark', cast.attendee.headers)).status).toBe(404);
    const removed = await server.send('DELETE', `/api/sessions/${session.id}/bookmark`, cast.attendee.headers);
    expect(await removed.json()).toEqual({ bookmarked: false });
    expect((await server.send('DELETE', `/api/sessions/${session.id}/bookmark`, cast.attendee.headers)).status).toBe(200);
  });
});

/** An event under way: its sessions at offset 0 run from now for an hour, inside the check-in window (decision 0105). */
const underWay = () => ({ startDate: new Date(), endDate: new Date(Date.now() + 8 * HOUR) });

describe('check-in', () => {
  it("is one-way: a repeat gets the spec's message", async () => {
    const cast = await eventWithCast(server, underWay());
    const session = await createSession(server.ctx, cast.event, { maxCapacity: 10 });
    const first = await server.send('POST', `/api/sessions/${session.id}/check-in`, cast.attendee.headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ checkedIn: true, attendeeCount: 1 });
    await expectNothingWritten(
      () => seatsOf(session.id),
      async () => {
        const again = await server.send('POST', `/api/sessions/${session.id}/check-in`, cast.attendee.headers);
        expect(again.status).toBe(409);
        expect(await errorOf(again)).toEqual({ code: 'already_checked_in', message: 'Failed to check in. You may already be checked in.' });
        expect((await server.send('POST', `/api/sessions/${session.id}/check-in`, cast.stranger.headers)).status).toBe(404);
      },
    );
    const agenda = (await (await server.request(`/api/events/${cast.event.id}/agenda`, { headers: cast.attendee.headers })).json()) as { sessions: SessionJson[] };
    expect(agenda.sessions[0]).toMatchObject({ attendeeCount: 1 });
    const viewer = (await (await server.request(`/api/events/${cast.event.id}/agenda/viewer`, { headers: cast.attendee.headers })).json()) as ViewerJson;
    expect(viewer.checkedInSessionIds).toEqual([session.id]);
  });

  it('lets exactly max_capacity people in when 20 check in at once to a session of 5', async () => {
    const { user: owner } = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.id, underWay());
    const session = await createSession(server.ctx, event, { maxCapacity: 5 });
    const people = await Promise.all(Array.from({ length: 20 }, () => signedInUser(server)));
    for (const person of people) await addAttendee(server.ctx, event.id, person.user.id);
    const responses = await Promise.all(people.map((person) => server.send('POST', `/api/sessions/${session.id}/check-in`, person.headers)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    const refused = responses.find((response) => response.status === 409)!;
    expect(await errorOf(refused)).toEqual({ code: 'session_full', message: 'This session is full' });
    const [rows] = await server.ctx.db.select({ total: count() }).from(sessionAttendance).where(eq(sessionAttendance.sessionId, session.id));
    expect(rows!.total).toBe(5);
    const [stored] = await server.ctx.db.select({ checkedInCount: sessions.checkedInCount }).from(sessions).where(eq(sessions.id, session.id));
    expect(stored!.checkedInCount).toBe(5);
  });

  it('has no limit when the capacity is empty', async () => {
    const cast = await eventWithCast(server, underWay());
    const session = await createSession(server.ctx, cast.event, { maxCapacity: null });
    for (const who of [cast.attendee, cast.volunteer, cast.owner, cast.coOwner]) {
      expect((await server.send('POST', `/api/sessions/${session.id}/check-in`, who.headers)).status).toBe(200);
    }
    const [attendance] = await server.ctx.db
      .select({ total: count() })
      .from(sessionAttendance)
      .where(and(eq(sessionAttendance.sessionId, session.id)));
    expect(attendance!.total).toBe(4);
  });

  it('opens 30 minutes before a session and closes at its end; outside, nothing is written (decision 0105)', async () => {
    const cast = await eventWithCast(server, underWay());
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    const later = await createSession(server.ctx, cast.event, { startTime: minutes(45), endTime: minutes(105) });
    const over = await createSession(server.ctx, cast.event, { startTime: minutes(-90), endTime: minutes(-1) });
    const soon = await createSession(server.ctx, cast.event, { startTime: minutes(25), endTime: minutes(85) });
    const checkIn = (id: string) => server.send('POST', `/api/sessions/${id}/check-in`, cast.attendee.headers);

    const early = await checkIn(later.id);
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toEqual({ code: 'check_in_not_open', message: 'Check-in opens 30 minutes before the session starts' });
    const late = await checkIn(over.id);
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toEqual({ code: 'check_in_closed', message: 'Check-in has closed: this session has ended' });
    for (const refused of [later, over]) {
      const [rows] = await server.ctx.db.select({ total: count() }).from(sessionAttendance).where(eq(sessionAttendance.sessionId, refused.id));
      expect(rows!.total).toBe(0);
      const [stored] = await server.ctx.db.select({ checkedInCount: sessions.checkedInCount }).from(sessions).where(eq(sessions.id, refused.id));
      expect(stored!.checkedInCount).toBe(0);
    }
    expect((await checkIn(soon.id)).status).toBe(200);
  });
});

describe('my schedule', () => {
  it('lists bookmarks newest first with the event name, marks overlaps, and leaves out events left behind', async () => {
    // Started 4¾ hours ago: C (at 5 hours) starts in a quarter of an hour, so its check-in is open.
    const cast = await eventWithCast(server, { startDate: new Date(Date.now() - 4.75 * HOUR), endDate: new Date(Date.now() + 4 * HOUR) });
    const a = await createSession(server.ctx, cast.event, { title: 'A', offsetHours: 0 });
    const b = await createSession(server.ctx, cast.event, { title: 'B overlaps A', offsetHours: 0.5 });
    const c = await createSession(server.ctx, cast.event, { title: 'C alone', offsetHours: 5 });
    for (const session of [a, b, c]) await server.send('PUT', `/api/sessions/${session.id}/bookmark`, cast.attendee.headers);
    await server.send('POST', `/api/sessions/${c.id}/check-in`, cast.attendee.headers);
    const response = await server.request('/api/schedule', { headers: cast.attendee.headers });
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as {
      items: Array<{ event: { name: string }; session: SessionJson; conflict: boolean }>;
    };
    expect(items.map((item) => item.session.title)).toEqual(['C alone', 'B overlaps A', 'A']);
    expect(items.map((item) => item.conflict)).toEqual([false, true, true]);
    expect(items[0]!.event.name).toBe(cast.event.name);
    expect(items[0]!.session.isCheckedIn).toBe(true);
    expect((await server.request('/api/schedule')).status).toBe(401);

    // Bookmarks of an event the user no longer takes part in are not shown.
    const stranger = await signedInUser(server);
    await server.ctx.db.insert(sessionBookmarks).values({ sessionId: a.id, userId: stranger.user.id });
    const empty = (await (await server.request('/api/schedule', { headers: stranger.headers })).json()) as { items: unknown[] };
    expect(empty.items).toEqual([]);
  });

  it('downloads the schedule and one session as .ics with UTC instants and the local time named', async () => {
    const cast = await eventWithCast(server);
    // 09:00 in London in summer is 08:00 UTC.
    const session = await createSession(server.ctx, cast.event, {
      title: 'Summer talk, with commas; and semicolons',
      startTime: new Date('2026-07-15T08:00:00.000Z'),
      endTime: new Date('2026-07-15T09:30:00.000Z'),
      timezone: 'Europe/London',
      location: 'Main Hall',
    });
    await server.send('PUT', `/api/sessions/${session.id}/bookmark`, cast.attendee.headers);
    const file = await server.request('/api/schedule/calendar.ics', { headers: cast.attendee.headers });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(file.headers.get('content-disposition')).toContain('my-schedule.ics');
    const text = await file.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('DTSTART:20260715T080000Z');
    expect(text).toContain('DTEND:20260715T093000Z');
    expect(text).toContain('SUMMARY:Summer talk\\, with commas\\; and semicolons');
    expect(text.replace(/\r\n[ \t]/g, '')).toContain('09:00 BST (Europe/London)');

    const one = await server.request(`/api/sessions/${session.id}/calendar.ics`, { headers: cast.attendee.headers });
    expect(await one.text()).toContain(`UID:session-${session.id}@mingle`);
    expect((await server.request(`/api/sessions/${session.id}/calendar.ics`, { headers: cast.stranger.headers })).status).toBe(404);
  });
});
