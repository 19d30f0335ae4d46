import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveTopics } from '@mingle/shared/core/live';
import { NOTIFICATION_KINDS, type NotificationKind } from '@mingle/shared/core/constants';
import { NOTIFICATION_CREATED_KIND, NOTIFICATIONS_READ_KIND } from '@mingle/shared/notifications/texts';
import { eventAttendees, eventVolunteers } from '../../platform/db/schema/events.ts';
import { sessionQa } from '../../platform/db/schema/engagement.ts';
import { meetings } from '../../platform/db/schema/meetings.ts';
import { messages } from '../../platform/db/schema/messages.ts';
import { notificationPreferences, notifications } from '../../platform/db/schema/notifications.ts';
import type { LiveBus } from '../../platform/live/bus.ts';
import { checkInAttendee, createSession, eventWithCast, networkingPair, requestMeeting } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';
import { preferenceOf } from './index.ts';
import { notifyThenRollBack } from './test-support.ts';

const server = useTestServer();
afterEach(() => {
  vi.restoreAllMocks();
});

interface NotificationJson {
  id: string;
  kind: NotificationKind;
  eventId: string | null;
  title: string;
  body: string | null;
  link: string;
  readAt: string | null;
}
interface PageJson {
  items: NotificationJson[];
  nextCursor: string | null;
}

/** Someone's notifications as stored, oldest first: what a refused or rolled-back write must leave as it was. */
const storedFor = (userId: string) =>
  server.ctx.db
    .select({ id: notifications.id, kind: notifications.kind, actorId: notifications.actorId, readAt: notifications.readAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt, notifications.id);

const kindsFor = async (userId: string) => (await storedFor(userId)).map((row) => row.kind);

/** Two signed-in people in one networking event. */
const pair = () => networkingPair(server, { name: 'Notify Summit' });

const meetingRequest = (headers: Headers, recipientId: string) => requestMeeting(server, headers, recipientId);

const act = (headers: Headers, id: string, action: string) => server.send('PATCH', `/api/meetings/${id}`, headers, { action });

async function listOf(headers: Headers, query = '') {
  const response = await server.send('GET', `/api/me/notifications${query}`, headers);
  expect(response.status).toBe(200);
  return (await response.json()) as PageJson;
}

const unreadOf = async (headers: Headers) =>
  ((await (await server.send('GET', '/api/me/notifications/unread-count', headers)).json()) as { unread: number }).unread;

/** Makes the next notification's announcement fail inside the causing transaction, as any later failure would. */
function failNotificationAnnouncements() {
  const publish = server.ctx.live.publish.bind(server.ctx.live);
  vi.spyOn(server.ctx.live, 'publish').mockImplementation(((topic, event, tx) => {
    if (event.kind === NOTIFICATION_CREATED_KIND) return Promise.reject(new Error('the causing write fails after notify'));
    return publish(topic, event, tx);
  }) as LiveBus['publish']);
}

/** A volunteer of an event with goodies to give, and an attendee's fresh QR token. */
async function goodieScan() {
  const cast = await eventWithCast(server, { name: 'Goodie Conf' });
  await checkInAttendee(server.ctx, cast.event.id, cast.attendee.user.id);
  await server.ctx.db
    .update(eventVolunteers)
    .set({ allocatedGoodies: 2 })
    .where(and(eq(eventVolunteers.eventId, cast.event.id), eq(eventVolunteers.userId, cast.volunteer.user.id)));
  const { token } = (await (await server.send('POST', '/api/me/qr-token', cast.attendee.headers)).json()) as { token: string };
  const scan = () => server.send('POST', `/api/events/${cast.event.id}/goodie-distributions`, cast.volunteer.headers, { token });
  return { ...cast, scan };
}

async function askedQuestion() {
  const cast = await eventWithCast(server);
  const session = await createSession(server.ctx, cast.event, { title: 'Trustworthy AI' });
  const asked = await server.send('POST', `/api/sessions/${session.id}/qa`, cast.attendee.headers, { question: 'What about safety?', isAnonymous: false });
  expect(asked.status).toBe(201);
  const question = (await asked.json()) as { id: string };
  const answer = (headers: Headers, body: { answer: string | null; isAnswered: boolean }) =>
    server.send('PUT', `/api/qa/${question.id}/answer`, headers, body);
  return { ...cast, session, question, answer };
}

describe('writes that notify', () => {
  it('a meeting request tells the recipient, and each answer the other party; never the actor', async () => {
    const { event, alice, bob } = await pair();
    const heard: string[] = [];
    const stop = server.ctx.live.onMessage((m) => heard.push(`${m.topic}|${m.event.kind}`));
    const first = await meetingRequest(alice.headers, bob.user.id);
    expect(await kindsFor(bob.user.id)).toEqual(['meeting_requested']);
    expect(await kindsFor(alice.user.id)).toEqual([]);
    const [row] = await storedFor(bob.user.id);
    expect(row!.actorId).toBe(alice.user.id);
    const [listed] = (await listOf(bob.headers)).items;
    expect(listed).toMatchObject({
      kind: 'meeting_requested',
      eventId: event.id,
      title: `${alice.user.fullName} requested a meeting with you`,
      body: 'Notify Summit',
      link: '/meetings?tab=requests',
      readAt: null,
    });
    await expect.poll(() => heard).toContain(`${liveTopics.userAccount(bob.user.id)}|${NOTIFICATION_CREATED_KIND}`);
    stop();
    expect(heard).not.toContain(`${liveTopics.userAccount(alice.user.id)}|${NOTIFICATION_CREATED_KIND}`);

    expect((await act(bob.headers, first.id, 'accept')).status).toBe(200);
    expect(await kindsFor(alice.user.id)).toEqual(['meeting_accepted']);
    // Either person may cancel an accepted meeting: the requester does, so the recipient hears.
    expect((await act(alice.headers, first.id, 'cancel')).status).toBe(200);
    expect(await kindsFor(bob.user.id)).toEqual(['meeting_requested', 'meeting_cancelled']);

    const second = await meetingRequest(alice.headers, bob.user.id);
    expect((await act(bob.headers, second.id, 'decline')).status).toBe(200);
    expect(await kindsFor(alice.user.id)).toEqual(['meeting_accepted', 'meeting_declined']);
    expect(await kindsFor(bob.user.id)).toEqual(['meeting_requested', 'meeting_cancelled', 'meeting_requested']);

    // A refused move (declining what is already declined) tells nobody.
    await expectNothingWritten(
      async () => [await storedFor(alice.user.id), await storedFor(bob.user.id)],
      async () => {
        expect((await act(bob.headers, second.id, 'decline')).status).toBe(409);
      },
    );
  });

  it('a meeting request or answer that rolls back leaves no notification', async () => {
    const { alice, bob } = await pair();
    const meeting = await meetingRequest(alice.headers, bob.user.id);
    const meetingsOf = () => server.ctx.db.select().from(meetings).where(eq(meetings.requesterId, alice.user.id)).orderBy(meetings.id);
    failNotificationAnnouncements();
    await expectNothingWritten(
      async () => [await storedFor(alice.user.id), await storedFor(bob.user.id), await meetingsOf()],
      async () => {
        expect((await server.send('POST', '/api/meetings', alice.headers, {
          recipientId: bob.user.id,
          proposedTime: '2030-05-02T10:00:00.000Z',
          durationMinutes: 30,
          meetingType: 'virtual',
          agenda: 'Again',
        })).status).toBe(500);
        expect((await act(bob.headers, meeting.id, 'accept')).status).toBe(500);
      },
    );
  });

  it('a message tells its recipient with a preview and a link to the conversation; a rollback writes none', async () => {
    const { alice, bob } = await pair();
    const sent = await server.send('POST', '/api/messages', alice.headers, { recipientId: bob.user.id, content: `Hello Bob, ${'x'.repeat(300)}` });
    expect(sent.status).toBe(201);
    expect(await kindsFor(bob.user.id)).toEqual(['message_received']);
    expect(await kindsFor(alice.user.id)).toEqual([]);
    const [listed] = (await listOf(bob.headers)).items;
    expect(listed!.title).toBe(`New message from ${alice.user.fullName}`);
    expect(listed!.body).toMatch(/^Hello Bob, x+…$/);
    expect(listed!.body!.length).toBe(140);
    expect(listed!.link).toBe(`/messages?with=${alice.user.id}`);

    failNotificationAnnouncements();
    const inbox = () => server.ctx.db.select().from(messages).where(eq(messages.recipientId, bob.user.id)).orderBy(messages.id);
    await expectNothingWritten(
      async () => [await storedFor(bob.user.id), await inbox()],
      async () => {
        expect((await server.send('POST', '/api/messages', alice.headers, { recipientId: bob.user.id, content: 'Lost' })).status).toBe(500);
      },
    );
  });

  it('a goodie tells the participant, not the volunteer, linking to the event; a refused scan writes none', async () => {
    const cast = await goodieScan();
    expect((await cast.scan()).status).toBe(200);
    expect(await kindsFor(cast.attendee.user.id)).toEqual(['goodie_received']);
    expect(await kindsFor(cast.volunteer.user.id)).toEqual([]);
    expect((await listOf(cast.attendee.headers)).items[0]).toMatchObject({
      title: 'Goodie received!',
      body: 'You received your event goodie at Goodie Conf.',
      link: `/event/${cast.event.slug}`,
      eventId: cast.event.id,
    });
    await expectNothingWritten(
      () => storedFor(cast.attendee.user.id),
      async () => {
        expect((await cast.scan()).status).toBe(409);
      },
    );
  });

  it('a goodie whose notification fails is not given', async () => {
    const cast = await goodieScan();
    failNotificationAnnouncements();
    const attendeeRow = () =>
      server.ctx.db
        .select()
        .from(eventAttendees)
        .where(and(eq(eventAttendees.eventId, cast.event.id), eq(eventAttendees.userId, cast.attendee.user.id)));
    await expectNothingWritten(
      async () => [await storedFor(cast.attendee.user.id), await attendeeRow()],
      async () => {
        expect((await cast.scan()).status).toBe(500);
      },
    );
  });

  it('an answer tells the asker once, linking to the session’s Q&A; editing it or a rollback tells nobody', async () => {
    const cast = await askedQuestion();
    failNotificationAnnouncements();
    const questionRow = () => server.ctx.db.select().from(sessionQa).where(eq(sessionQa.id, cast.question.id));
    await expectNothingWritten(
      async () => [await storedFor(cast.attendee.user.id), await questionRow()],
      async () => {
        expect((await cast.answer(cast.owner.headers, { answer: 'Lost', isAnswered: true })).status).toBe(500);
      },
    );
    vi.restoreAllMocks();

    expect((await cast.answer(cast.owner.headers, { answer: 'Yes, after the talk.', isAnswered: true })).status).toBe(200);
    expect((await cast.answer(cast.coOwner.headers, { answer: 'Yes, right after the talk.', isAnswered: true })).status).toBe(200);
    expect(await kindsFor(cast.attendee.user.id)).toEqual(['question_answered']);
    expect(await kindsFor(cast.owner.user.id)).toEqual([]);
    expect((await listOf(cast.attendee.headers)).items[0]).toMatchObject({
      title: 'Your question was answered',
      body: 'Trustworthy AI',
      link: `/sessions/${cast.session.id}/qa`,
    });

    // An organizer answering their own question is its actor: nobody is told.
    const own = await server.send('POST', `/api/sessions/${cast.session.id}/qa`, cast.owner.headers, { question: 'Mine?', isAnonymous: false });
    const { id } = (await own.json()) as { id: string };
    expect((await server.send('PUT', `/api/qa/${id}/answer`, cast.owner.headers, { answer: null, isAnswered: true })).status).toBe(200);
    expect(await kindsFor(cast.owner.user.id)).toEqual([]);
  });
});

describe('the notification centre', () => {
  it('pages newest first, counts unread, marks one and all read, and announces it to the owner', async () => {
    const { alice, bob } = await pair();
    for (const content of ['one', 'two', 'three']) {
      expect((await server.send('POST', '/api/messages', alice.headers, { recipientId: bob.user.id, content })).status).toBe(201);
    }
    const first = await listOf(bob.headers, '?limit=2');
    expect(first.items.map((item) => item.body)).toEqual(['three', 'two']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listOf(bob.headers, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.body)).toEqual(['one']);
    expect(second.nextCursor).toBeNull();
    expect(await unreadOf(bob.headers)).toBe(3);

    const heard: string[] = [];
    const stop = server.ctx.live.onMessage((m) => heard.push(`${m.topic}|${m.event.kind}`));
    expect((await server.send('POST', `/api/me/notifications/${first.items[0]!.id}/read`, bob.headers)).status).toBe(204);
    // Again is fine, and says nothing new.
    expect((await server.send('POST', `/api/me/notifications/${first.items[0]!.id}/read`, bob.headers)).status).toBe(204);
    expect(await unreadOf(bob.headers)).toBe(2);
    await expect.poll(() => heard).toEqual([`${liveTopics.userAccount(bob.user.id)}|${NOTIFICATIONS_READ_KIND}`]);

    const all = await server.send('POST', '/api/me/read-all-notifications', bob.headers);
    expect(await all.json()).toEqual({ updated: 2 });
    expect(await unreadOf(bob.headers)).toBe(0);
    expect((await listOf(bob.headers)).items.every((item) => item.readAt !== null)).toBe(true);
    expect(await (await server.send('POST', '/api/me/read-all-notifications', bob.headers)).json()).toEqual({ updated: 0 });
    await expect.poll(() => heard.length).toBe(2);
    stop();
  });

  it("refuses another person's notifications and a stranger: not found, nothing written", async () => {
    const { alice, bob } = await pair();
    expect((await server.send('POST', '/api/messages', alice.headers, { recipientId: bob.user.id, content: 'hi' })).status).toBe(201);
    const [mine] = (await listOf(bob.headers)).items;
    const stranger = await signedInUser(server);
    await expectNothingWritten(
      () => storedFor(bob.user.id),
      async () => {
        for (const who of [alice, stranger]) {
          const refused = await server.send('POST', `/api/me/notifications/${mine!.id}/read`, who.headers);
          expect(refused.status).toBe(404);
          expect(await errorOf(refused)).toMatchObject({ code: 'not_found', message: 'Notification not found' });
          // Their own read-all marks none of bob's.
          expect(await (await server.send('POST', '/api/me/read-all-notifications', who.headers)).json()).toEqual({ updated: 0 });
          expect((await listOf(who.headers)).items.map((item) => item.id)).not.toContain(mine!.id);
        }
        expect((await server.send('POST', '/api/me/notifications/not-a-uuid/read', bob.headers)).status).toBe(404);
        expect((await server.send('POST', `/api/me/notifications/${mine!.id}/read`)).status).toBe(401);
        expect((await server.send('POST', '/api/me/read-all-notifications')).status).toBe(401);
        expect((await server.send('GET', '/api/me/notifications')).status).toBe(401);
        expect((await server.send('GET', '/api/me/notifications?cursor=bad')).status).toBe(401);
        expect((await server.send('GET', '/api/me/notifications?cursor=bad', bob.headers)).status).toBe(400);
        expect((await server.send('GET', '/api/me/notifications?limit=500', bob.headers)).status).toBe(400);
      },
    );
  });

  it('a rolled-back notify writes and announces nothing', async () => {
    const { alice, bob } = await pair();
    const heard: string[] = [];
    const stop = server.ctx.live.onMessage((m) => heard.push(m.topic));
    await expectNothingWritten(
      () => storedFor(bob.user.id),
      () =>
        notifyThenRollBack(server.ctx, {
          userId: bob.user.id,
          actorId: alice.user.id,
          eventId: null,
          facts: { kind: 'message_received', actorName: 'Alice', actorId: alice.user.id, preview: 'hi' },
        }),
    );
    // A later publish arrives after anything the rolled-back one could have sent.
    await server.ctx.live.publish(liveTopics.userAccount(alice.user.id), { kind: 'account.updated' });
    await expect.poll(() => heard).toContain(liveTopics.userAccount(alice.user.id));
    stop();
    expect(heard).not.toContain(liveTopics.userAccount(bob.user.id));
  });
});

describe('notification preferences', () => {
  it('are all on by default, change per kind, and in-app off writes no notification of that kind', async () => {
    const { alice, bob } = await pair();
    const initial = (await (await server.send('GET', '/api/me/notification-preferences', bob.headers)).json()) as {
      preferences: Array<{ kind: string; email: boolean; push: boolean; inApp: boolean }>;
    };
    expect(initial.preferences).toHaveLength(NOTIFICATION_KINDS.length);
    expect(initial.preferences.every((p) => p.email && p.push && p.inApp)).toBe(true);
    expect(await preferenceOf(server.ctx.db, bob.user.id, 'message_received', 'inApp')).toBe(true);

    const saved = await server.send('PUT', '/api/me/notification-preferences', bob.headers, {
      preferences: [{ kind: 'message_received', email: true, push: false, inApp: false }],
    });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as typeof initial;
    expect(body.preferences.find((p) => p.kind === 'message_received')).toEqual({ kind: 'message_received', email: true, push: false, inApp: false });
    expect(body.preferences.find((p) => p.kind === 'meeting_requested')).toEqual({ kind: 'meeting_requested', email: true, push: true, inApp: true });
    expect(await preferenceOf(server.ctx.db, bob.user.id, 'message_received', 'inApp')).toBe(false);
    expect(await preferenceOf(server.ctx.db, bob.user.id, 'message_received', 'push')).toBe(false);
    expect(await preferenceOf(server.ctx.db, bob.user.id, 'message_received', 'email')).toBe(true);
    // Theirs alone: alice's stay on.
    expect(await preferenceOf(server.ctx.db, alice.user.id, 'message_received', 'inApp')).toBe(true);

    expect((await server.send('POST', '/api/messages', alice.headers, { recipientId: bob.user.id, content: 'quiet' })).status).toBe(201);
    await meetingRequest(alice.headers, bob.user.id);
    expect(await kindsFor(bob.user.id)).toEqual(['meeting_requested']);
  });

  it('refuses a bad body and a stranger, writing nothing', async () => {
    const { bob } = await pair();
    const stored = () => server.ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, bob.user.id));
    await expectNothingWritten(stored, async () => {
      const put = (body: unknown, headers?: Headers) => server.send('PUT', '/api/me/notification-preferences', headers, body);
      expect((await put({ preferences: [{ kind: 'nope', email: true, push: true, inApp: true }] }, bob.headers)).status).toBe(400);
      expect((await put({ preferences: [{ kind: 'message_received', email: 'yes', push: true, inApp: true }] }, bob.headers)).status).toBe(400);
      const twice = { kind: 'message_received', email: true, push: true, inApp: false };
      expect((await put({ preferences: [twice, twice] }, bob.headers)).status).toBe(400);
      expect((await put({ preferences: [twice] })).status).toBe(401);
      expect((await server.send('GET', '/api/me/notification-preferences')).status).toBe(401);
    });
  });
});
