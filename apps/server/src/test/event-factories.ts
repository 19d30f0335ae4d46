import { randomUUID } from 'node:crypto';
import type { SessionType, Timezone } from '@mingle/shared/core/constants';
import type { AppContext } from '../context.ts';
import { sessions } from '../platform/db/schema/agenda.ts';
import { userRoles } from '../platform/db/schema/auth.ts';
import { eventAttendees, eventCoOwners, events, eventVolunteers, userEventAccess } from '../platform/db/schema/events.ts';
import { checkIns } from '../platform/db/schema/check-in.ts';
import { createUser, signedInUser } from './factories.ts';
import type { TestServer } from './harness.ts';

const HOUR = 3_600_000;

type EventRow = typeof events.$inferInsert;
type SessionRow = typeof sessions.$inferInsert;

/** An event owned by `ownerId`, a week from now for a day, with a unique slug; patch anything. */
export async function createEvent(ctx: AppContext, ownerId: string, patch: Partial<EventRow> = {}) {
  const start = new Date(Date.now() + 7 * 24 * HOUR);
  const [event] = await ctx.db
    .insert(events)
    .values({
      name: 'Factory Conf',
      slug: `factory-${randomUUID().slice(0, 12)}`,
      startDate: start,
      endDate: new Date(start.getTime() + 8 * HOUR),
      eventType: 'in_person',
      createdBy: ownerId,
      ...patch,
    })
    .returning();
  await ctx.db.insert(userRoles).values({ userId: ownerId, role: 'event_owner' }).onConflictDoNothing();
  return event!;
}

export async function addAttendee(ctx: AppContext, eventId: string, userId: string) {
  await ctx.db.insert(eventAttendees).values({ eventId, userId }).onConflictDoNothing();
  await ctx.db.insert(userEventAccess).values({ eventId, userId, accessType: 'registered_attendee' }).onConflictDoNothing();
}

/** The attendee let in at the event's door (no point), as a volunteer's scan would; goodies wait for it. */
export async function checkInAttendee(ctx: AppContext, eventId: string, userId: string) {
  await ctx.db.insert(checkIns).values({ eventId, userId, checkedInAt: new Date() });
}

export async function addCoOwner(ctx: AppContext, eventId: string, userId: string) {
  await ctx.db.insert(eventCoOwners).values({ eventId, userId }).onConflictDoNothing();
}

export async function addVolunteer(ctx: AppContext, eventId: string, userId: string) {
  await ctx.db.insert(eventVolunteers).values({ eventId, userId }).onConflictDoNothing();
  await ctx.db.insert(userRoles).values({ userId, role: 'event_volunteer' }).onConflictDoNothing();
}

/** A session of the event, an hour long starting `offsetHours` after the event's start. */
export async function createSession(
  ctx: AppContext,
  event: { id: string; startDate: Date; createdBy: string },
  patch: Partial<SessionRow> & { offsetHours?: number; sessionType?: SessionType; timezone?: Timezone } = {},
) {
  const { offsetHours = 0, ...rest } = patch;
  const startTime = new Date(event.startDate.getTime() + offsetHours * HOUR);
  const [session] = await ctx.db
    .insert(sessions)
    .values({
      eventId: event.id,
      title: 'Factory Session',
      startTime,
      endTime: new Date(startTime.getTime() + HOUR),
      createdBy: event.createdBy,
      ...rest,
    })
    .returning();
  return session!;
}

/**
 * One event with a signed-in person in every relation the permission tests need: owner, co-owner, volunteer,
 * attendee, a super admin, another event's owner and a signed-in stranger.
 */
export async function eventWithCast(server: TestServer, patch: Partial<EventRow> = {}) {
  const [owner, coOwner, volunteer, attendee, admin, otherOwner, stranger] = await Promise.all([
    signedInUser(server),
    signedInUser(server),
    signedInUser(server),
    signedInUser(server),
    signedInUser(server, { roles: ['super_admin'] }),
    signedInUser(server),
    signedInUser(server),
  ]);
  const event = await createEvent(server.ctx, owner.user.id, patch);
  await createEvent(server.ctx, otherOwner.user.id);
  await addCoOwner(server.ctx, event.id, coOwner.user.id);
  await addVolunteer(server.ctx, event.id, volunteer.user.id);
  await addAttendee(server.ctx, event.id, attendee.user.id);
  return { event, owner, coOwner, volunteer, attendee, admin, otherOwner, stranger };
}

/** An event with networking on (unless patched) and two signed-in attendees, Alice and Bob, who may write and meet. */
export async function networkingPair(server: TestServer, patch: Partial<EventRow> = {}) {
  const owner = await createUser(server.ctx);
  const event = await createEvent(server.ctx, owner.id, { allowAttendeeNetworking: true, ...patch });
  const [alice, bob] = await Promise.all([signedInUser(server), signedInUser(server)]);
  await addAttendee(server.ctx, event.id, alice.user.id);
  await addAttendee(server.ctx, event.id, bob.user.id);
  return { event, alice, bob };
}

/** `from` asks `recipientId` for a 30-minute virtual meeting through the API; answers the created meeting's id. */
export async function requestMeeting(server: TestServer, from: Headers, recipientId: string): Promise<{ id: string }> {
  const response = await server.send('POST', '/api/meetings', from, {
    recipientId,
    proposedTime: '2030-05-01T10:00:00.000Z',
    durationMinutes: 30,
    meetingType: 'virtual',
    agenda: 'Talk about the roadmap',
  });
  if (response.status !== 201) throw new Error(`meeting request answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string };
}
