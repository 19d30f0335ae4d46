import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveTopics } from '@mingle/shared/core/live';
import { eventAnalytics } from '../../platform/db/schema/analytics.ts';
import { meetings } from '../../platform/db/schema/meetings.ts';
import { blockedUsers } from '../../platform/db/schema/messages.ts';
import { userConnections } from '../../platform/db/schema/networking.ts';
import { addAttendee, createEvent, networkingPair } from '../../test/event-factories.ts';
import { createUser, signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();


interface Meeting {
  id: string;
  status: string;
  eventId: string | null;
  location: string | null;
  confirmedTime: string | null;
  requester: { id: string; fullName: string };
  recipient: { id: string; fullName: string };
}

/** Two signed-in people in one networking event, and a signed-in outsider. */
async function networkingPairWith(event: Parameters<typeof networkingPair>[1]) {
  const [cast, outsider] = await Promise.all([networkingPair(server, event), signedInUser(server)]);
  return { ...cast, outsider };
}
const pair = () => networkingPairWith({});

const request = (patch: Record<string, unknown> = {}) => ({
  proposedTime: '2030-05-01T10:00:00.000Z',
  durationMinutes: 30,
  meetingType: 'virtual',
  agenda: 'Talk about the roadmap',
  ...patch,
});

async function requestAs(headers: Headers, recipientId: string, patch: Record<string, unknown> = {}) {
  const response = await server.send('POST', '/api/meetings', headers, request({ recipientId, ...patch }));
  expect(response.status).toBe(201);
  return (await response.json()) as Meeting;
}

/** Another networking event (patched) that the people given attend. */
async function bothJoin(userIds: string[], patch: Parameters<typeof networkingPair>[1]) {
  const event = await createEvent(server.ctx, (await createUser(server.ctx)).id, { allowAttendeeNetworking: true, ...patch });
  for (const userId of userIds) await addAttendee(server.ctx, event.id, userId);
  return event;
}

/** Two people connected by QR code (the pair stored in id order, as the connect route stores it). */
async function connect(a: string, b: string) {
  const [userId1, userId2] = [a, b].sort() as [string, string];
  await server.ctx.db.insert(userConnections).values({ userId1, userId2, connectionType: 'qr_scan' });
}

/** The meetings someone requested, as stored: what a refused request or action must leave as it was. */
const requestedBy = (userId: string) => server.ctx.db.select().from(meetings).where(eq(meetings.requesterId, userId)).orderBy(meetings.id);

const act = (headers: Headers, id: string, action: string) => server.send('PATCH', `/api/meetings/${id}`, headers, { action });

describe('meeting requests', () => {
  it('validates with the spec messages', async () => {
    const { alice, bob } = await pair();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ proposedTime: '' }, 'Meeting time is required'],
      [{ durationMinutes: 10 }, 'Duration must be at least 15 minutes'],
      [{ durationMinutes: 181 }, 'Duration cannot exceed 3 hours'],
      [{ agenda: '   ' }, 'Agenda is required'],
      [{ agenda: 'x'.repeat(501) }, 'Agenda cannot exceed 500 characters'],
      [{ meetingType: 'in_person', location: 'x'.repeat(201) }, 'Location must be less than 200 characters'],
      [{ meetingType: 'in_person', locationType: 'booth', boothIdentifier: 'x'.repeat(51) }, 'Booth identifier must be less than 50 characters'],
    ];
    for (const [patch, message] of cases) {
      const response = await server.send('POST', '/api/meetings', alice.headers, request({ recipientId: bob.user.id, ...patch }));
      expect(response.status, message).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
  });

  it('stores the location by type, counts a meeting_request on the shared event, and tells both people live', async () => {
    const { event, alice, bob } = await pair();
    const heard: string[] = [];
    const stop = server.ctx.live.onMessage((message) => heard.push(`${message.topic}|${message.event.kind}`));
    const virtual = await requestAs(alice.headers, bob.user.id, { location: 'ignored' });
    expect(virtual).toMatchObject({ status: 'pending', location: null, eventId: event.id });
    const booth = await requestAs(alice.headers, bob.user.id, { meetingType: 'in_person', locationType: 'booth', boothIdentifier: 'A12' });
    expect(booth.location).toBe('Booth A12');
    const custom = await requestAs(alice.headers, bob.user.id, { meetingType: 'in_person', locationType: 'custom', location: 'Cafe' });
    expect(custom.location).toBe('Cafe');
    const metrics = await server.ctx.db
      .select()
      .from(eventAnalytics)
      .where(and(eq(eventAnalytics.eventId, event.id), eq(eventAnalytics.metricType, 'meeting_request')));
    expect(metrics).toHaveLength(3);
    await expect
      .poll(() => heard)
      .toEqual(
        expect.arrayContaining([
          `${liveTopics.userMeetings(bob.user.id)}|meeting.requested`,
          `${liveTopics.userMeetings(alice.user.id)}|meeting.requested`,
        ]),
      );
    stop();
  });

  it('refuses yourself, strangers and blocked people', async () => {
    const { alice, bob, outsider } = await pair();
    await expectNothingWritten(
      () => requestedBy(alice.user.id),
      async () => {
        expect((await server.send('POST', '/api/meetings', alice.headers, request({ recipientId: alice.user.id }))).status).toBe(400);
        const stranger = await server.send('POST', '/api/meetings', alice.headers, request({ recipientId: outsider.user.id }));
        expect(stranger.status).toBe(403);
        await server.ctx.db.insert(blockedUsers).values({ userId: bob.user.id, blockedUserId: alice.user.id });
        expect((await server.send('POST', '/api/meetings', alice.headers, request({ recipientId: bob.user.id }))).status).toBe(403);
        expect((await server.send('POST', '/api/meetings', undefined, request({ recipientId: bob.user.id }))).status).toBe(401);
      },
    );
  });
});

describe('the meeting state machine (spec 02 section 4)', () => {
  it('only the recipient accepts or declines a pending request', async () => {
    const { alice, bob, outsider } = await pair();
    const meeting = await requestAs(alice.headers, bob.user.id);
    await expectNothingWritten(
      () => requestedBy(alice.user.id),
      async () => {
        const byRequester = await act(alice.headers, meeting.id, 'accept');
        expect(byRequester.status).toBe(403);
        expect((await errorOf(byRequester)).message).toBe('Only the recipient can accept or decline a meeting request');
        expect((await act(alice.headers, meeting.id, 'decline')).status).toBe(403);
        expect((await act(outsider.headers, meeting.id, 'accept')).status).toBe(404);
      },
    );
    expect((await server.request(`/api/meetings/calendar/${meeting.id}`, { headers: bob.headers })).status).toBe(409);
    const accepted = await act(bob.headers, meeting.id, 'accept');
    expect(accepted.status).toBe(200);
    const body = (await accepted.json()) as Meeting;
    expect(body.status).toBe('accepted');
    expect(body.confirmedTime).not.toBeNull();
    // Once accepted it cannot be accepted or declined again.
    expect((await act(bob.headers, meeting.id, 'decline')).status).toBe(409);
    // Both see it; the outsider does not.
    for (const who of [alice, bob]) {
      const list = (await (await server.request('/api/meetings', { headers: who.headers })).json()) as { meetings: Meeting[] };
      expect(list.meetings.map((m) => m.id)).toContain(meeting.id);
    }
    const theirs = (await (await server.request('/api/meetings', { headers: outsider.headers })).json()) as { meetings: Meeting[] };
    expect(theirs.meetings).toEqual([]);
    const ics = await server.request(`/api/meetings/calendar/${meeting.id}`, { headers: alice.headers });
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    expect(await ics.text()).toContain(`SUMMARY:Meeting with ${bob.user.fullName}`);
    expect((await server.request(`/api/meetings/calendar/${meeting.id}`, { headers: outsider.headers })).status).toBe(404);
    // Either cancels an accepted meeting.
    expect((await act(bob.headers, meeting.id, 'cancel')).status).toBe(200);
    expect((await act(alice.headers, meeting.id, 'cancel')).status).toBe(409);
  });

  it('the requester cancels their own pending request; the recipient cannot cancel it; declined ones are closed', async () => {
    const { alice, bob } = await pair();
    const first = await requestAs(alice.headers, bob.user.id);
    await expectNothingWritten(
      () => requestedBy(alice.user.id),
      async () => {
        const byRecipient = await act(bob.headers, first.id, 'cancel');
        expect(byRecipient.status).toBe(403);
        expect((await errorOf(byRecipient)).message).toBe('Only the requester can cancel a pending meeting request');
      },
    );
    expect((await act(alice.headers, first.id, 'cancel')).status).toBe(200);
    const second = await requestAs(alice.headers, bob.user.id);
    expect((await act(bob.headers, second.id, 'decline')).status).toBe(200);
    const closed = await act(alice.headers, second.id, 'cancel');
    expect(closed.status).toBe(409);
    expect((await errorOf(closed)).message).toBe('This meeting has already been declined');
    // Declined and cancelled are in no list.
    const list = (await (await server.request('/api/meetings', { headers: alice.headers })).json()) as { meetings: Meeting[] };
    expect(list.meetings).toEqual([]);
  });

  it('parallel accept and cancel: exactly one wins', async () => {
    const { alice, bob } = await pair();
    const meeting = await requestAs(alice.headers, bob.user.id);
    const [accept, cancel] = await Promise.all([act(bob.headers, meeting.id, 'accept'), act(alice.headers, meeting.id, 'cancel')]);
    const statuses = [accept.status, cancel.status].sort();
    // Either the cancel came first (accept refused), or the accept did and the cancel of an accepted meeting is allowed.
    expect(statuses.includes(200)).toBe(true);
  });

  it('warns about overlaps with accepted meetings of either person, without details of theirs', async () => {
    const { alice, bob, event } = await pair();
    const carol = await signedInUser(server);
    await addAttendee(server.ctx, event.id, carol.user.id);
    const meeting = await requestAs(carol.headers, bob.user.id, { proposedTime: '2030-06-01T10:00:00.000Z', durationMinutes: 60 });
    await act(bob.headers, meeting.id, 'accept');
    const check = async (start: string, minutes = 30) =>
      (await (await server.request(`/api/meetings/overlaps?userId=${bob.user.id}&start=${encodeURIComponent(start)}&durationMinutes=${minutes}`, { headers: alice.headers })).json()) as {
        yours: number;
        theirs: boolean;
      };
    expect(await check('2030-06-01T10:30:00.000Z')).toEqual({ yours: 0, theirs: true });
    expect(await check('2030-06-01T11:00:00.000Z')).toEqual({ yours: 0, theirs: false });
    expect(await check('2030-06-01T09:30:00.000Z', 30)).toEqual({ yours: 0, theirs: false });
    expect(await check('2030-06-01T09:30:00.000Z', 45)).toEqual({ yours: 0, theirs: true });
    // Someone the caller may not meet: their calendar stays private.
    const outsider = await signedInUser(server);
    const probe = await server.request(
      `/api/meetings/overlaps?userId=${bob.user.id}&start=${encodeURIComponent('2030-06-01T10:30:00.000Z')}&durationMinutes=30`,
      { headers: outsider.headers },
    );
    expect(await probe.json()).toEqual({ yours: 0, theirs: false });
  });
});

describe('the person /meetings?with= preselects', () => {
  const lookup = (userId: string, headers?: Headers) => server.request(`/api/meetings/people/${userId}`, headers ? { headers } : {});

  it("answers with someone the caller shares a networking event with (and that event's zone), or is connected to", async () => {
    const { alice, bob, outsider, event } = await networkingPairWith({ timezone: 'America/Sao_Paulo' });
    const response = await lookup(bob.user.id, alice.headers);
    expect(response.status).toBe(200);
    // The request dialog reads the proposed time in the zone of the event the request is filed under.
    expect(await response.json()).toEqual({ id: bob.user.id, fullName: bob.user.fullName, company: null, eventId: event.id, eventTimeZone: 'America/Sao_Paulo' });
    // A connection (made by QR code) outlives the event; with no shared event there is no event zone.
    await connect(alice.user.id, outsider.user.id);
    const connected = await lookup(outsider.user.id, alice.headers);
    expect(connected.status).toBe(200);
    expect(await connected.json()).toMatchObject({ id: outsider.user.id, eventId: null, eventTimeZone: null });
  });

  it('files the request under the event whose zone the lookup named: the latest networking event both attend', async () => {
    const { alice, bob, event } = await networkingPairWith({ timezone: 'Asia/Tokyo', startDate: new Date('2031-03-01T00:00:00Z'), endDate: new Date('2031-03-02T00:00:00Z') });
    await bothJoin([alice.user.id, bob.user.id], { timezone: 'Europe/Paris', startDate: new Date('2030-01-01T00:00:00Z'), endDate: new Date('2030-01-02T00:00:00Z') });
    expect(await (await lookup(bob.user.id, alice.headers)).json()).toMatchObject({ eventId: event.id, eventTimeZone: 'Asia/Tokyo' });
    const meeting = await requestAs(alice.headers, bob.user.id);
    expect(meeting).toMatchObject({ eventId: event.id, eventTimeZone: 'Asia/Tokyo' });
  });

  it('files a request sent with the looked-up event under it, though both joined a later event since', async () => {
    const { alice, bob, event } = await networkingPairWith({ timezone: 'Asia/Tokyo', startDate: new Date('2031-03-01T00:00:00Z'), endDate: new Date('2031-03-02T00:00:00Z') });
    const partner = (await (await lookup(bob.user.id, alice.headers)).json()) as { eventId: string };
    expect(partner.eventId).toBe(event.id);
    // While the dialog is open, both join a networking event that starts later (and so would be chosen without one).
    const later = await bothJoin([alice.user.id, bob.user.id], { timezone: 'Europe/Paris', startDate: new Date('2032-01-01T00:00:00Z'), endDate: new Date('2032-01-02T00:00:00Z') });
    expect(await requestAs(alice.headers, bob.user.id, { eventId: partner.eventId })).toMatchObject({ eventId: event.id, eventTimeZone: 'Asia/Tokyo' });
    expect(await requestAs(alice.headers, bob.user.id)).toMatchObject({ eventId: later.id, eventTimeZone: 'Europe/Paris' });
  });

  it('is a 404 for strangers, blocked people either way, unknown ids and non-ids; 400 for yourself; 401 for visitors', async () => {
    const { alice, bob, outsider } = await pair();
    expect((await lookup(outsider.user.id, alice.headers)).status).toBe(404);
    expect((await lookup(alice.user.id, outsider.headers)).status).toBe(404);
    await server.ctx.db.insert(blockedUsers).values({ userId: bob.user.id, blockedUserId: alice.user.id });
    expect((await lookup(bob.user.id, alice.headers)).status).toBe(404);
    expect((await lookup(alice.user.id, bob.headers)).status).toBe(404);
    expect((await lookup('00000000-0000-4000-8000-000000000000', alice.headers)).status).toBe(404);
    expect((await lookup('not-a-uuid', alice.headers)).status).toBe(404);
    const self = await lookup(alice.user.id, alice.headers);
    expect(self.status).toBe(400);
    expect((await errorOf(self)).message).toBe('You cannot request a meeting with yourself');
    expect((await lookup(bob.user.id)).status).toBe(401);
  });

  it('answers for someone in a networking event the caller attends only when the event allows networking', async () => {
    const { alice: carol, bob: dave } = await networkingPair(server, { allowAttendeeNetworking: false });
    expect((await lookup(dave.user.id, carol.headers)).status).toBe(404);
  });

  it('never files a meeting under an event that turned networking off, even for two connected people', async () => {
    const { event: quiet, alice: carol, bob: dave } = await networkingPair(server, { allowAttendeeNetworking: false });
    await connect(carol.user.id, dave.user.id);
    const named = await server.send('POST', '/api/meetings', carol.headers, request({ recipientId: dave.user.id, eventId: quiet.id }));
    expect(named.status).toBe(404);
    expect(await errorOf(named)).toMatchObject({ message: 'Event not found' });
    expect(await requestedBy(carol.user.id)).toHaveLength(0);
    // Connected, they may still meet: outside any event.
    expect(await requestAs(carol.headers, dave.user.id)).toMatchObject({ eventId: null });
  });

  it('the OpenAPI document still builds', async () => {
    expect((await server.request('/api/openapi.json')).status).toBe(200);
  });
});

describe('meeting time', () => {
  it('refuses a time in the past and writes nothing (decision 0105)', async () => {
    const { alice, bob } = await pair();
    const refused = await server.send('POST', '/api/meetings', alice.headers, request({ recipientId: bob.user.id, proposedTime: new Date(Date.now() - 3_600_000).toISOString() }));
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toEqual({ code: 'validation_failed', message: 'Meeting time must be in the future' });
    const written = await server.ctx.db.select().from(meetings).where(eq(meetings.requesterId, alice.user.id));
    expect(written).toHaveLength(0);
    // Now (within the minute a form picks) is not the past.
    await requestAs(alice.headers, bob.user.id, { proposedTime: new Date(Date.now() - 60_000).toISOString() });
  });
});
