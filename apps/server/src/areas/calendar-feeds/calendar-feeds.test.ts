import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CalendarFeedLinkDto } from '@mingle/shared/calendar-feeds/contract';
import { sessionBookmarks } from '../../platform/db/schema/agenda.ts';
import { calendarFeeds } from '../../platform/db/schema/calendar-feeds.ts';
import { eventAttendees, userEventAccess } from '../../platform/db/schema/events.ts';
import { meetings } from '../../platform/db/schema/meetings.ts';
import { addAttendee, createSession, eventWithCast } from '../../test/event-factories.ts';
import { createUser, signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';

const server = useTestServer();

const turnOn = async (headers: Headers, kind: string) => {
  const response = await server.send('POST', `/api/me/calendar-feeds/${kind}`, headers);
  expect(response.status).toBe(201);
  return (await response.json()) as CalendarFeedLinkDto;
};
/** A calendar app's poll: no cookie, only the address (and the ETag it kept). */
const poll = (url: string, etag?: string) => server.request(new URL(url).pathname, { headers: etag ? { 'If-None-Match': etag } : {} });
/** The VEVENTs of a calendar file, with folded lines joined back (RFC 5545 section 3.1). */
const eventsOf = (text: string) => {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  expect(unfolded.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
  expect(unfolded.endsWith('END:VCALENDAR\r\n')).toBe(true);
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map((match) => match[1]!);
};

describe('calendar feeds', () => {
  it("answers the person's bookmarked sessions to a calendar app without a cookie, cheaply again with its ETag, and never anyone else's", async () => {
    const cast = await eventWithCast(server, { name: 'Robotics Summit' });
    const { event } = cast;
    const mine = await createSession(server.ctx, event, { title: 'Robots, and you', location: 'Hall A' });
    const theirs = await createSession(server.ctx, event, { title: 'Somebody else’s pick', offsetHours: 2 });
    await server.ctx.db.insert(sessionBookmarks).values([
      { sessionId: mine.id, userId: cast.attendee.user.id },
      { sessionId: theirs.id, userId: cast.volunteer.user.id },
    ]);

    const link = await turnOn(cast.attendee.headers, 'schedule');
    expect(link.url).toMatch(/^https?:\/\/[^/]+\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(link.webcalUrl).toBe(link.url.replace(/^https?:/, 'webcal:'));
    expect(link).toMatchObject({ kind: 'schedule', lastPolledAt: null });

    const file = await poll(link.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(file.headers.get('cache-control')).toBe('private, no-cache');
    const etag = file.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const [entry, ...rest] = eventsOf(await file.text());
    expect(rest).toHaveLength(0);
    expect(entry).toContain(`UID:session-${mine.id}@mingle`);
    expect(entry).toContain('SUMMARY:Robots\\, and you');
    expect(entry).toContain('LOCATION:Hall A');
    expect(entry).toContain('Robotics Summit');

    // The next poll of an unchanged schedule: 304, no body; a change gives a new file.
    const again = await poll(link.url, etag);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await server.ctx.db.insert(sessionBookmarks).values({ sessionId: theirs.id, userId: cast.attendee.user.id });
    const changed = await poll(link.url, etag);
    expect(changed.status).toBe(200);
    expect(eventsOf(await changed.text())).toHaveLength(2);

    // The list says the feed is on and when it was last polled, never its address.
    const listed = await server.send('GET', '/api/me/calendar-feeds', cast.attendee.headers);
    const body = await listed.text();
    expect(JSON.parse(body)).toEqual({ feeds: [{ kind: 'schedule', createdAt: link.createdAt, lastPolledAt: expect.any(String) }] });
    expect(body).not.toContain(new URL(link.url).pathname.split('/').pop()!.replace('.ics', ''));

    // Another person's feed never shows the attendee's sessions.
    const volunteerLink = await turnOn(cast.volunteer.headers, 'schedule');
    const volunteerEvents = eventsOf(await (await poll(volunteerLink.url)).text());
    expect(volunteerEvents).toHaveLength(1);
    expect(volunteerEvents[0]).toContain(`UID:session-${theirs.id}@mingle`);

    // Sessions of an event the person no longer takes part in leave the feed.
    await server.ctx.db.delete(eventAttendees).where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, cast.attendee.user.id)));
    await server.ctx.db.delete(userEventAccess).where(and(eq(userEventAccess.eventId, event.id), eq(userEventAccess.userId, cast.attendee.user.id)));
    expect(eventsOf(await (await poll(link.url)).text())).toHaveLength(0);
  });

  it('answers the accepted meetings with the other person, time, place and event, not pending ones nor other people’s', async () => {
    const cast = await eventWithCast(server, { name: 'Founders Day', allowAttendeeNetworking: true });
    const [ada, bob] = await Promise.all([createUser(server.ctx, { fullName: 'Ada Lovelace' }), createUser(server.ctx, { fullName: 'Bob Pending' })]);
    await addAttendee(server.ctx, cast.event.id, ada.id);
    await addAttendee(server.ctx, cast.event.id, bob.id);
    const at = new Date('2030-05-01T10:00:00Z');
    const [accepted] = await server.ctx.db
      .insert(meetings)
      .values([
        { eventId: cast.event.id, requesterId: ada.id, recipientId: cast.attendee.user.id, proposedTime: at, confirmedTime: at, status: 'accepted', meetingType: 'in_person', location: 'Booth 4', agenda: 'Roadmap' },
        { eventId: cast.event.id, requesterId: bob.id, recipientId: cast.attendee.user.id, proposedTime: at, agenda: 'Maybe' },
        { eventId: cast.event.id, requesterId: ada.id, recipientId: bob.id, proposedTime: at, confirmedTime: at, status: 'accepted', agenda: 'Not yours' },
      ])
      .returning();
    const link = await turnOn(cast.attendee.headers, 'meetings');
    const file = await poll(link.url);
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(text).toContain('X-WR-CALNAME:Mingle meetings');
    const entries = eventsOf(text);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toContain(`UID:meeting-${accepted!.id}@mingle`);
    expect(entries[0]).toContain('SUMMARY:Meeting with Ada Lovelace');
    expect(entries[0]).toContain('DTSTART:20300501T100000Z');
    expect(entries[0]).toContain('LOCATION:Booth 4');
    expect(entries[0]).toContain('Event: Founders Day');
    expect(text).not.toContain('Bob Pending');
  });

  it('stops answering an address once it is reset or turned off', async () => {
    const person = await signedInUser(server);
    const first = await turnOn(person.headers, 'schedule');
    expect((await poll(first.url)).status).toBe(200);
    const second = await turnOn(person.headers, 'schedule');
    expect(second.url).not.toBe(first.url);
    const gone = await poll(first.url);
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).message).toBe('Calendar feed not found');
    expect((await poll(second.url)).status).toBe(200);

    const off = await server.send('DELETE', '/api/me/calendar-feeds/schedule', person.headers);
    expect(off.status).toBe(204);
    expect((await poll(second.url)).status).toBe(404);
    expect(await (await server.send('GET', '/api/me/calendar-feeds', person.headers)).json()).toEqual({ feeds: [] });
    // Turning off a feed that is off changes nothing.
    expect((await server.send('DELETE', '/api/me/calendar-feeds/schedule', person.headers)).status).toBe(204);
    // Made-up addresses are not found either.
    for (const path of ['/api/calendar-feeds/not-a-token.ics', `/api/calendar-feeds/${'a'.repeat(43)}.ics`, `/api/calendar-feeds/${'a'.repeat(43)}`]) {
      expect((await server.request(path)).status).toBe(404);
    }
  });

  it('keeps one feed per person and kind when turned on twice at once, and only the last address works', async () => {
    const person = await signedInUser(server);
    const links = await Promise.all(Array.from({ length: 5 }, () => turnOn(person.headers, 'meetings')));
    const [feeds] = await server.ctx.db.select({ n: count() }).from(calendarFeeds).where(eq(calendarFeeds.userId, person.user.id));
    expect(feeds!.n).toBe(1);
    const statuses = await Promise.all(links.map(async (link) => (await poll(link.url)).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(4);
  });

  it('refuses a visitor (401) and an unknown kind (400), writing nothing', async () => {
    for (const [method, path] of [
      ['GET', '/api/me/calendar-feeds'],
      ['POST', '/api/me/calendar-feeds/schedule'],
      ['DELETE', '/api/me/calendar-feeds/schedule'],
    ] as const) {
      expect((await server.send(method, path)).status).toBe(401);
    }
    const person = await signedInUser(server);
    const refused = await server.send('POST', '/api/me/calendar-feeds/everything', person.headers);
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe('Unknown calendar feed');
    expect(await server.ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, person.user.id))).toEqual([]);
  });

  it('limits how often one address may be polled', async () => {
    const person = await signedInUser(server);
    const link = await turnOn(person.headers, 'schedule');
    for (let polled = 0; polled < 60; polled++) expect((await poll(link.url)).status).toBe(200);
    expect((await poll(link.url)).status).toBe(429);
    // Another person's feed is not held back by it.
    const other = await signedInUser(server);
    expect((await poll((await turnOn(other.headers, 'schedule')).url)).status).toBe(200);
  });
});
