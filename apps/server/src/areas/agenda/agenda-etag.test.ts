import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../platform/db/schema/agenda.ts';
import { events } from '../../platform/db/schema/events.ts';
import { createSession, eventWithCast } from '../../test/event-factories.ts';
import { signIn } from '../../test/factories.ts';
import { errorOf, useTestServer, type TestServer } from '../../test/harness.ts';

const HOUR = 3_600_000;

// The agenda is one resource for every participant of the event, answered with an ETag (decision 0145): a copy the
// caller holds is confirmed by a 304 with no body until anything it shows changes, and only for callers who may
// see the agenda at all.

const server = useTestServer();

interface Read {
  status: number;
  etag: string | null;
  cacheControl: string | null;
  text: string;
}

async function read(on: TestServer, eventId: string, headers?: Headers, ifNoneMatch?: string | null): Promise<Read> {
  const sent = new Headers(headers);
  if (ifNoneMatch) sent.set('If-None-Match', ifNoneMatch);
  const response = await on.request(`/api/events/${eventId}/agenda`, { headers: sent });
  return { status: response.status, etag: response.headers.get('etag'), cacheControl: response.headers.get('cache-control'), text: await response.text() };
}

/** A fresh read, then the same read with its ETag: a 304 with no body. Answers the ETag. */
async function confirmedTag(on: TestServer, eventId: string, headers: Headers): Promise<string> {
  const first = await read(on, eventId, headers);
  expect(first.status).toBe(200);
  expect(first.etag).toMatch(/^W\/"[\w-]+"$/);
  const again = await read(on, eventId, headers, first.etag);
  expect(again).toEqual({ status: 304, etag: first.etag, cacheControl: 'private, no-cache', text: '' });
  return first.etag!;
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

describe('the agenda with its ETag', () => {
  it('answers 200 with a private ETag, then 304 with no body to the same tag, the same for every participant', async () => {
    const cast = await eventWithCast(server);
    await createSession(server.ctx, cast.event, { title: 'Only' });
    const first = await read(server, cast.event.id, cast.attendee.headers);
    expect(first.status).toBe(200);
    expect(first.cacheControl).toBe('private, no-cache');
    expect(JSON.parse(first.text)).toMatchObject({ sessions: [{ title: 'Only' }] });
    const tag = await confirmedTag(server, cast.event.id, cast.attendee.headers);
    expect(tag).toBe(first.etag);
    // The agenda is the same for every participant: one's tag is current for the others.
    for (const who of [cast.owner, cast.coOwner, cast.volunteer, cast.admin]) expect((await read(server, cast.event.id, who.headers, tag)).status).toBe(304);
    // A list, weak or strong, and `*`, as browsers and proxies send them.
    expect((await read(server, cast.event.id, cast.attendee.headers, `"other", ${tag.slice(2)}`)).status).toBe(304);
    expect((await read(server, cast.event.id, cast.attendee.headers, '*')).status).toBe(304);
    const stale = await read(server, cast.event.id, cast.attendee.headers, 'W/"not-the-tag"');
    expect(stale.status).toBe(200);
    expect(stale.etag).toBe(tag);
  });

  it('refuses whoever may not see the agenda exactly as without a tag, never with a 304', async () => {
    const cast = await eventWithCast(server);
    await createSession(server.ctx, cast.event);
    const tag = await confirmedTag(server, cast.event.id, cast.attendee.headers);
    // Another event's organizer and a signed-in stranger: the 404 that does not confirm the event exists.
    for (const who of [cast.otherOwner, cast.stranger]) {
      for (const ifNoneMatch of [null, tag, '*']) {
        const refused = await read(server, cast.event.id, who.headers, ifNoneMatch);
        expect(refused.status).toBe(404);
        expect(refused.etag).toBeNull();
        expect(JSON.parse(refused.text)).toEqual({ error: { code: 'not_found', message: 'Event not found' } });
      }
    }
    // A visitor without a session.
    for (const ifNoneMatch of [null, tag]) {
      const visitor = await read(server, cast.event.id, undefined, ifNoneMatch);
      expect(visitor.status).toBe(401);
      expect(visitor.etag).toBeNull();
    }
    // A missing event and a malformed id.
    expect((await read(server, '00000000-0000-4000-8000-000000000000', cast.attendee.headers, '*')).status).toBe(404);
    const malformed = await server.request('/api/events/not-a-uuid/agenda', { headers: new Headers([...cast.attendee.headers, ['If-None-Match', '*']]) });
    expect(malformed.status).toBe(404);
    expect(await errorOf(malformed)).toEqual({ code: 'not_found', message: 'Event not found' });
  });

  it('changes its tag whenever what it shows changes, and only then', async () => {
    // Started two hours ago, so the second session is under way and open for check-in (decision 0105).
    const cast = await eventWithCast(server, { startDate: new Date(Date.now() - 2 * HOUR), endDate: new Date(Date.now() + 6 * HOUR) });
    const first = await createSession(server.ctx, cast.event, { title: 'First', offsetHours: 0, maxCapacity: 10 });
    const second = await createSession(server.ctx, cast.event, { title: 'Second', offsetHours: 2 });
    const tags = new Set<string>();
    const next = async (what: string) => {
      const before = [...tags].at(-1);
      const answer = await read(server, cast.event.id, cast.attendee.headers, before);
      expect(answer.status, what).toBe(200);
      expect(tags.has(answer.etag!), what).toBe(false);
      tags.add(answer.etag!);
      await confirmedTag(server, cast.event.id, cast.attendee.headers);
      return JSON.parse(answer.text) as { event: { name: string }; sessions: Array<{ id: string; title: string; attendeeCount: number }> };
    };
    const unchanged = async (what: string) => {
      expect((await read(server, cast.event.id, cast.attendee.headers, [...tags].at(-1))).status, what).toBe(304);
    };
    await next('first read');

    // The viewer's own marks are not part of it.
    expect((await server.send('PUT', `/api/sessions/${first.id}/bookmark`, cast.attendee.headers)).status).toBe(200);
    await unchanged('a bookmark');

    expect((await server.send('PUT', `/api/sessions/${first.id}`, cast.owner.headers, sessionInput('First, renamed'))).status).toBe(200);
    expect((await next('an edit')).sessions.map((s) => s.title)).toEqual(['Second', 'First, renamed']); // now on 1 March

    expect((await server.send('POST', `/api/sessions/${second.id}/check-in`, cast.attendee.headers)).status).toBe(200);
    expect((await next('a check-in counted')).sessions[0]).toMatchObject({ id: second.id, attendeeCount: 1 });

    await server.ctx.db.update(sessions).set({ title: 'Second, by SQL' }).where(eq(sessions.id, second.id));
    expect((await next('an update straight to the database')).sessions[0]!.title).toBe('Second, by SQL');

    // Written back with the very same values: a new row version, so a new tag (a spare 200, never a stale 304).
    await server.ctx.db.update(sessions).set({ title: 'Second, by SQL' }).where(eq(sessions.id, second.id));
    await next('a rewrite with the same values');

    const third = await createSession(server.ctx, cast.event, { title: 'Third', offsetHours: 1 });
    expect((await next('an added session')).sessions.map((s) => s.id)).toEqual([third.id, second.id, first.id]);

    expect((await server.send('DELETE', `/api/sessions/${second.id}`, cast.owner.headers)).status).toBe(204);
    expect((await next('a deleted session')).sessions.map((s) => s.id)).toEqual([third.id, first.id]);

    await server.ctx.db.update(events).set({ name: 'Renamed event' }).where(eq(events.id, cast.event.id));
    expect((await next("the event's name")).event.name).toBe('Renamed event');

    // What the agenda does not show leaves the tag alone.
    await server.ctx.db.update(events).set({ registrationOpen: true }).where(eq(events.id, cast.event.id));
    await unchanged('a field of the event the agenda does not show');

    await server.ctx.db.transaction(async (tx) => {
      await tx.update(sessions).set({ title: sql`${sessions.title} || ' (moved)'` }).where(eq(sessions.eventId, cast.event.id));
    });
    expect((await next('two sessions changed in one transaction')).sessions.map((s) => s.title)).toEqual(['Third (moved)', 'First, renamed (moved)']);

    // Its last session deleted: the empty agenda has a tag of its own.
    for (const id of [third.id, first.id]) expect((await server.send('DELETE', `/api/sessions/${id}`, cast.owner.headers)).status).toBe(204);
    expect((await next('no sessions left')).sessions).toEqual([]);
  });

  it("keeps each event's tag apart", async () => {
    const one = await eventWithCast(server);
    const two = await eventWithCast(server);
    const tagOne = await confirmedTag(server, one.event.id, one.attendee.headers);
    expect((await read(server, two.event.id, two.attendee.headers, tagOne)).status).toBe(200);
  });
});

describe('the viewer part of the agenda', () => {
  it('is answered fresh each time, with the caller’s bookmarks and check-ins only', async () => {
    const cast = await eventWithCast(server, { startDate: new Date(), endDate: new Date(Date.now() + 6 * HOUR) });
    const session = await createSession(server.ctx, cast.event, { title: 'Now' });
    const viewer = async (headers: Headers) => {
      const response = await server.request(`/api/events/${cast.event.id}/agenda/viewer`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      return response.json();
    };
    expect(await viewer(cast.attendee.headers)).toEqual({ canManage: false, bookmarkedSessionIds: [], checkedInSessionIds: [] });
    await server.send('PUT', `/api/sessions/${session.id}/bookmark`, cast.attendee.headers);
    await server.send('POST', `/api/sessions/${session.id}/check-in`, cast.attendee.headers);
    expect(await viewer(cast.attendee.headers)).toEqual({ canManage: false, bookmarkedSessionIds: [session.id], checkedInSessionIds: [session.id] });
    expect(await viewer(cast.volunteer.headers)).toEqual({ canManage: false, bookmarkedSessionIds: [], checkedInSessionIds: [] });
    expect(await viewer(cast.owner.headers)).toEqual({ canManage: true, bookmarkedSessionIds: [], checkedInSessionIds: [] });
  });
});

// Two server processes on one PostgreSQL: a tag one of them gave is judged by the other from the database alone.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes', () => {
  const other = useTestServer();

  it('confirm each other’s tags, and a change made through one is a new tag on the other', async () => {
    const cast = await eventWithCast(server, { startDate: new Date(), endDate: new Date(Date.now() + 6 * HOUR) });
    const session = await createSession(server.ctx, cast.event, { title: 'Before' });
    const onOther = await signIn(other, cast.owner.user);
    const tag = await confirmedTag(server, cast.event.id, cast.attendee.headers);
    expect((await read(other, cast.event.id, onOther, tag)).status).toBe(304);
    // The edit keeps the session under way, so the check-in below is inside its window (decision 0105).
    const keepTimes = { startTime: session.startTime.toISOString(), endTime: session.endTime.toISOString() };
    expect((await other.send('PUT', `/api/sessions/${session.id}`, onOther, { ...sessionInput('After'), ...keepTimes })).status).toBe(200);
    const edited = await read(server, cast.event.id, cast.attendee.headers, tag);
    expect(edited.status).toBe(200);
    expect(JSON.parse(edited.text)).toMatchObject({ sessions: [{ title: 'After' }] });
    expect((await server.send('POST', `/api/sessions/${session.id}/check-in`, cast.attendee.headers)).status).toBe(200);
    const counted = await read(other, cast.event.id, onOther, edited.etag);
    expect(counted.status).toBe(200);
    expect(JSON.parse(counted.text)).toMatchObject({ sessions: [{ attendeeCount: 1 }] });
  });
});

describe('the OpenAPI document', () => {
  it('names the shared session shape once, and documents the 304', async () => {
    const document = (await (await server.request('/api/openapi.json')).json()) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Session', 'ManagedSession', 'Agenda', 'AgendaViewer']));
    expect(Object.keys(document.components.schemas.Session!.properties!)).not.toContain('isBookmarked');
    expect(Object.keys(document.paths['/api/events/{eventId}/agenda']!.get!.responses)).toEqual(expect.arrayContaining(['200', '304', '404']));
  });
});
