import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionBookmarks } from '../../platform/db/schema/agenda.ts';
import { eventAttendees, eventCoOwners } from '../../platform/db/schema/events.ts';
import { notifications } from '../../platform/db/schema/notifications.ts';
import { addAttendee, createEvent, createSession } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';
import { lastMailTo } from '../../test/mail.ts';
import { sendDueEventReminders, sendDueSessionReminders } from './reminders.ts';

/**
 * Reminders (issue 19) on PGlite and (TEST_DATABASE_URL) PostgreSQL: a bookmarked session within each person's lead
 * time, once, and again after it moves; the day before an event. The sweep is called here rather than waited for
 * (the scheduler sends it once a minute); with PostgreSQL other files' servers sweep the same database too, so the
 * tests look at what each person was told, not at how many one call sent.
 */
const server = useTestServer();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What a person was told of `kind` in the app: each notification's title, body and link. */
const notificationsOf = async (userId: string, kind: 'session_reminder' | 'event_reminder') =>
  (await server.ctx.db.select({ payload: notifications.payload }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))).map(
    ({ payload }) => payload,
  );

const bookmark = (who: { headers: Headers }, sessionId: string) => server.send('PUT', `/api/sessions/${sessionId}/bookmark`, who.headers);

/** An event under way (started an hour ago) with a session starting `inMinutes` from now, bookmarked by a fresh attendee. */
async function bookmarkedSession(inMinutes: number, title = 'Keynote') {
  const [owner, attendee] = await Promise.all([signedInUser(server), signedInUser(server)]);
  const event = await createEvent(server.ctx, owner.user.id, { startDate: new Date(Date.now() - HOUR), endDate: new Date(Date.now() + 8 * HOUR) });
  await addAttendee(server.ctx, event.id, attendee.user.id);
  const startsAt = new Date(Date.now() + inMinutes * MINUTE);
  const session = await createSession(server.ctx, event, { title, location: 'Main Hall', offsetHours: (startsAt.getTime() - event.startDate.getTime()) / HOUR });
  expect((await bookmark(attendee, session.id)).status).toBe(200);
  return { owner, attendee, event, session };
}

describe('session reminders', () => {
  it('tells an attendee in app and by email when a bookmarked session is within their 10 minutes, once', async () => {
    const { attendee, event } = await bookmarkedSession(8);
    await sendDueSessionReminders(server.ctx);
    const [told, ...more] = await notificationsOf(attendee.user.id, 'session_reminder');
    expect(more).toEqual([]);
    expect(told).toEqual({ title: expect.stringMatching(/^Starting in [78] minutes: Keynote$/), body: 'Main Hall', link: `/events/${event.id}/agenda` });
    const mail = await lastMailTo(server.ctx, attendee.user.email);
    expect(mail?.subject).toMatch(/^Starting in [78] minutes: Keynote$/);
    expect(mail?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    await sendDueSessionReminders(server.ctx);
    expect(await notificationsOf(attendee.user.id, 'session_reminder')).toHaveLength(1);
  });

  it("waits for each person's own lead time, chosen on their preferences", async () => {
    const { attendee, session } = await bookmarkedSession(12, 'Workshop');
    await sendDueSessionReminders(server.ctx);
    expect(await notificationsOf(attendee.user.id, 'session_reminder')).toEqual([]);

    const chosen = await server.send('PUT', '/api/me/notification-preferences', attendee.headers, { sessionReminderMinutes: 15 });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toMatchObject({ sessionReminderMinutes: 15 });
    const refused = await server.send('PUT', '/api/me/notification-preferences', attendee.headers, { sessionReminderMinutes: 7 });
    expect(refused.status).toBe(400);
    expect(await (await server.send('GET', '/api/me/notification-preferences', attendee.headers)).json()).toMatchObject({ sessionReminderMinutes: 15 });

    await sendDueSessionReminders(server.ctx);
    expect(await notificationsOf(attendee.user.id, 'session_reminder')).toEqual([expect.objectContaining({ title: expect.stringMatching(/: Workshop$/) })]);
    const [mark] = await server.ctx.db.select().from(sessionBookmarks).where(eq(sessionBookmarks.sessionId, session.id));
    expect(mark!.remindedAt).toBeInstanceOf(Date);
  });

  it('reminds nobody of a session further off, or of one whose event they no longer take part in', async () => {
    const later = await bookmarkedSession(45, 'Later talk');
    const left = await bookmarkedSession(5, 'Talk of an event left');
    await server.ctx.db.delete(eventAttendees).where(eq(eventAttendees.userId, left.attendee.user.id));
    await sendDueSessionReminders(server.ctx);
    expect(await notificationsOf(later.attendee.user.id, 'session_reminder')).toEqual([]);
    expect(await notificationsOf(left.attendee.user.id, 'session_reminder')).toEqual([]);
  });

  it('reminds again when the organizer moves a reminded session to another time', async () => {
    const { owner, attendee, session } = await bookmarkedSession(6, 'Panel');
    await sendDueSessionReminders(server.ctx);
    expect(await notificationsOf(attendee.user.id, 'session_reminder')).toHaveLength(1);

    const start = new Date(Date.now() + 3 * MINUTE);
    const moved = await server.send('PUT', `/api/sessions/${session.id}`, owner.headers, {
      title: 'Panel',
      sessionType: 'topic',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + HOUR).toISOString(),
      timezone: 'UTC',
      location: 'Room 2',
      tags: [],
    });
    expect(moved.status).toBe(200);
    await sendDueSessionReminders(server.ctx);
    const told = await notificationsOf(attendee.user.id, 'session_reminder');
    expect(told).toHaveLength(2);
    expect(told.map((row) => row.body).sort()).toEqual(['Main Hall', 'Room 2']);
  });

  it('tells each person once when sweeps run side by side', async () => {
    const sessions = await Promise.all([bookmarkedSession(4, 'Parallel A'), bookmarkedSession(4, 'Parallel B'), bookmarkedSession(4, 'Parallel C')]);
    await Promise.all(Array.from({ length: 6 }, () => sendDueSessionReminders(server.ctx)));
    for (const { attendee } of sessions) expect(await notificationsOf(attendee.user.id, 'session_reminder')).toHaveLength(1);
  });
});

describe('the day-before reminder', () => {
  it("tells each registered attendee the day before, with their first day's bookmarked sessions; not too early, not too late", async () => {
    const [owner, ada, bea, coOwner] = await Promise.all([signedInUser(server), signedInUser(server), signedInUser(server), signedInUser(server)]);
    const tomorrow = await createEvent(server.ctx, owner.user.id, { name: 'Tomorrow Summit', location: 'Lisbon', startDate: new Date(Date.now() + 20 * HOUR), endDate: new Date(Date.now() + 30 * HOUR) });
    const soon = await createEvent(server.ctx, owner.user.id, { name: 'Soon Summit', startDate: new Date(Date.now() + 3 * HOUR), endDate: new Date(Date.now() + 9 * HOUR) });
    const nextWeek = await createEvent(server.ctx, owner.user.id, { name: 'Far Summit', startDate: new Date(Date.now() + 36 * HOUR), endDate: new Date(Date.now() + 40 * HOUR) });
    for (const event of [tomorrow, soon, nextWeek]) {
      await addAttendee(server.ctx, event.id, ada.user.id);
      await addAttendee(server.ctx, event.id, bea.user.id);
    }
    // An organizer is not an attendee: the reminder is for those registered.
    await server.ctx.db.insert(eventCoOwners).values({ eventId: tomorrow.id, userId: coOwner.user.id });
    const opening = await createSession(server.ctx, tomorrow, { title: 'Opening', offsetHours: 1, location: 'Hall A' });
    const dayTwo = await createSession(server.ctx, tomorrow, { title: 'Day two talk', offsetHours: 26 });
    expect((await bookmark(ada, opening.id)).status).toBe(200);
    expect((await bookmark(ada, dayTwo.id)).status).toBe(200);

    await sendDueEventReminders(server.ctx);
    await sendDueEventReminders(server.ctx);
    for (const who of [ada, bea]) {
      expect(await notificationsOf(who.user.id, 'event_reminder')).toEqual([{ title: 'Tomorrow Summit starts tomorrow', body: 'Lisbon', link: `/events/${tomorrow.id}/agenda` }]);
    }
    expect(await notificationsOf(coOwner.user.id, 'event_reminder')).toEqual([]);
    const mail = await lastMailTo(server.ctx, ada.user.email);
    expect(mail?.subject).toBe('Tomorrow Summit starts tomorrow');
    expect(mail?.text).toContain('Opening');
    expect(mail?.text).toContain('Hall A');
    expect(mail?.text).not.toContain('Day two talk');
    expect((await lastMailTo(server.ctx, bea.user.email))?.text).toContain('You have no sessions in your schedule yet');
  });

  it('is scheduled once a minute by the job queue', async () => {
    expect(await server.ctx.jobs.schedules()).toContainEqual({ name: 'reminders', cron: '* * * * *' });
  });
});
