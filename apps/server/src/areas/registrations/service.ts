import { and, count, eq, sql } from 'drizzle-orm';
import { registrationState, TIME_RULE_MESSAGES } from '@mingle/shared/domain/time-rules';
import { liveTopics } from '@mingle/shared/core/live';
import type { RegistrationResult } from '@mingle/shared/registrations/contract';
import { REGISTRATION_MESSAGES, type registrationAnswersSchema } from '@mingle/shared/registrations/inputs';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { selectRows, type DbOrTx } from '../../platform/db/client.ts';
import { isUuid, qualified } from '../../platform/db/sql.ts';
import { authUsers } from '../../platform/db/schema/auth.ts';
import { eventAttendees, events, userEventAccess } from '../../platform/db/schema/events.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { eventWaitlist, registrationCancellations } from '../../platform/db/schema/registrations.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { recordEventMetric } from '../analytics/index.ts';
import { assertEventPermission, canManageEvent, canParticipate, loadEventRelation, loadEventWithRelation } from '../event-access/index.ts';
import { queueWebhooks } from '../webhooks/index.ts';
import { registrationCancelledEmail } from './emails/registration-cancelled.tsx';
import { registrationConfirmationEmail, type RegisteredEvent } from './emails/registration-confirmation.tsx';
import { waitlistJoinedEmail } from './emails/waitlist-joined.tsx';
import { answerRows, questionsOf, removeAnswers, saveAnswers } from './questions.ts';
import { msg } from '@mingle/shared/core/messages';

// Who holds a place at an event, who waits for one, and how places pass from one to the other (issue 20). Every
// change to the places of an event (a registration, a cancellation, a removal, a raised capacity) first locks the
// event's row, so they happen one after the other per event: a count read under the lock stays true until commit, and
// 200 parallel registrations for 50 places make exactly 50 attendees and 150 waiting. Invitations and organizers add
// attendees without asking the capacity (their deliberate choice), but their guests count towards it.

type EventRow = typeof events.$inferSelect;
type Answers = z.output<typeof registrationAnswersSchema>['answers'];

/** Registered changes are announced on the organizers' analytics topic: their lists and figures refetch. */
export const REGISTRATIONS_CHANGED_KIND = 'registrations.changed';

/** The event's row, locked until the transaction ends; null when there is no such event. */
async function lockEvent(tx: DbOrTx, eventId: string): Promise<EventRow | null> {
  const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
  return row ?? null;
}

async function placesTaken(tx: DbOrTx, eventId: string): Promise<number> {
  const [row] = await tx.select({ taken: count() }).from(eventAttendees).where(eq(eventAttendees.eventId, eventId));
  return row?.taken ?? 0;
}

/** Where the user stands on the event's waitlist (1 is next), or null when they are not on it. */
async function waitlistPosition(db: DbOrTx, eventId: string, userId: string): Promise<number | null> {
  const [row] = await selectRows<{ position: number | null }>(
    db,
    sql`select (select count(*)::int from ${eventWaitlist} w
                where w."event_id" = mine."event_id" and (w."joined_at", w."id") <= (mine."joined_at", mine."id")) as "position"
        from ${eventWaitlist} mine where mine."event_id" = ${eventId}::uuid and mine."user_id" = ${userId}::uuid`,
  );
  return row?.position ?? null;
}

/** The event's facts as the emails show them. */
function emailEvent(row: EventRow): RegisteredEvent {
  const { id, name, slug, logoUrl, startDate, endDate, location } = row;
  return { id, name, slug, logoUrl, startDate, endDate, location };
}

function refusal(row: EventRow): Error | null {
  switch (registrationState(row)) {
    case 'open':
      return null;
    case 'ended':
      return conflict(TIME_RULE_MESSAGES.eventEnded, 'event_ended');
    case 'not_yet_open':
      return conflict(REGISTRATION_MESSAGES.notYetOpen, 'registration_not_open');
    case 'window_closed':
      return conflict(REGISTRATION_MESSAGES.windowClosed, 'registration_closed');
    case 'off':
      return conflict(REGISTRATION_MESSAGES.closed, 'registration_closed');
  }
}

/** Makes the user an attendee: their row, their access, the `registration` metric (the caller holds the event's lock). */
async function admit(ctx: AppContext, tx: DbOrTx, eventId: string, userId: string): Promise<boolean> {
  const [attendee] = await tx.insert(eventAttendees).values({ eventId, userId }).onConflictDoNothing().returning({ id: eventAttendees.id });
  if (!attendee) return false;
  await tx.insert(userEventAccess).values({ userId, eventId, accessType: 'registered_attendee' }).onConflictDoNothing();
  await recordEventMetric(ctx, { eventId, userId, metricType: 'registration' }, tx);
  return true;
}

/** Tells the event's webhooks of a place taken, or of a place on the waitlist. */
function registrationWebhook(
  ctx: AppContext,
  tx: DbOrTx,
  eventId: string,
  person: { userId: string; fullName: string; email: string },
  status: 'registered' | 'waitlisted',
): Promise<void> {
  return queueWebhooks(ctx, tx, { eventId, type: 'registration.created', data: { eventId, ...person, status } });
}

/**
 * Register the caller for an event whose registration is open, with their answers to its questions: a place while
 * there is one, else a place on the waitlist, each with its email. Idempotent: a repeated or parallel click finds the caller's row and adds nothing.
 * An event the caller may not see (not taking part, registration switched off) is a 404, as for reading it.
 */
export async function register(ctx: AppContext, caller: Caller, eventId: string, answers: Answers = []): Promise<RegistrationResult> {
  const found = await loadEventWithRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, found?.relation ?? null, (who, relation) => canParticipate(who, relation) || found!.row.registrationOpen || relation.isWaitlisted);
  return ctx.db.transaction(async (tx) => {
    const row = await lockEvent(tx, eventId);
    if (!row) throw notFound(msg('Event not found'));
    const [already] = await tx
      .select({ id: eventAttendees.id })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, caller.userId)));
    if (already) return { status: 'registered' as const, created: false, waitlistPosition: null };
    const waiting = await waitlistPosition(tx, eventId, caller.userId);
    if (waiting !== null) return { status: 'waitlisted' as const, created: false, waitlistPosition: waiting };
    const refused = refusal(row);
    if (refused) throw refused;
    const answered = answerRows(await questionsOf(tx, eventId), answers, { eventId, userId: caller.userId });
    await saveAnswers(tx, answered);
    const mail = { publicUrl: ctx.config.publicUrl, attendeeName: caller.name, event: emailEvent(row), timeZone: row.timezone };
    await ctx.live.publish(liveTopics.eventAnalytics(eventId), { kind: REGISTRATIONS_CHANGED_KIND }, tx);
    if (row.capacity !== null && (await placesTaken(tx, eventId)) >= row.capacity) {
      // The time of joining is read now, under the lock, not at the transaction's start (now()): a registration that
      // began earlier but got the lock later must queue behind the one that got it first.
      await tx.insert(eventWaitlist).values({ eventId, userId: caller.userId, joinedAt: sql`clock_timestamp()` });
      const position = (await waitlistPosition(tx, eventId, caller.userId))!;
      await ctx.mailer.enqueue(tx, waitlistJoinedEmail.to(caller.email, { ...mail, position }));
      await registrationWebhook(ctx, tx, eventId, { userId: caller.userId, fullName: caller.name, email: caller.email }, 'waitlisted');
      return { status: 'waitlisted' as const, created: true, waitlistPosition: position };
    }
    await admit(ctx, tx, eventId, caller.userId);
    await ctx.mailer.enqueue(tx, registrationConfirmationEmail.to(caller.email, mail));
    await registrationWebhook(ctx, tx, eventId, { userId: caller.userId, fullName: caller.name, email: caller.email }, 'registered');
    return { status: 'registered' as const, created: true, waitlistPosition: null };
  });
}

/**
 * Gives places that are free to the people waiting longest, each with the email that tells them (in the caller's
 * transaction, which holds the event's lock). With no capacity every waiting person gets one.
 */
export async function promoteFromWaitlist(ctx: AppContext, tx: DbOrTx, row: EventRow): Promise<number> {
  const free = row.capacity === null ? null : row.capacity - (await placesTaken(tx, row.id));
  if (free !== null && free <= 0) return 0;
  const promoted = await selectRows<{ userId: string; email: string; name: string }>(
    tx,
    sql`with "next" as (
          delete from ${eventWaitlist} where "id" in (
            select "id" from ${eventWaitlist} where "event_id" = ${row.id}::uuid order by "joined_at", "id" limit ${free}
          ) returning "user_id"
        )
        select n."user_id" as "userId", u."email", coalesce(p."full_name", u."name") as "name"
        from "next" n join ${authUsers} u on u."id" = n."user_id" left join ${profiles} p on p."id" = n."user_id"`,
  );
  for (const person of promoted) {
    if (!(await admit(ctx, tx, row.id, person.userId))) continue;
    await registrationWebhook(ctx, tx, row.id, { userId: person.userId, fullName: person.name, email: person.email }, 'registered');
    await ctx.mailer.enqueue(
      tx,
      registrationConfirmationEmail.to(person.email, {
        publicUrl: ctx.config.publicUrl,
        attendeeName: person.name,
        event: emailEvent(row),
        timeZone: row.timezone,
        fromWaitlist: true,
      }),
    );
  }
  if (promoted.length > 0) await ctx.live.publish(liveTopics.eventAnalytics(row.id), { kind: REGISTRATIONS_CHANGED_KIND }, tx);
  return promoted.length;
}

/**
 * After an event's settings changed (under its lock): more places, or none to count, go to the people waiting, and
 * the organizers' figures refresh when the capacity moved.
 */
export async function capacityChanged(ctx: AppContext, tx: DbOrTx, before: EventRow, after: EventRow): Promise<void> {
  if (before.capacity === after.capacity) return;
  await ctx.live.publish(liveTopics.eventAnalytics(after.id), { kind: REGISTRATIONS_CHANGED_KIND }, tx);
  if (after.capacity === null || (before.capacity !== null && after.capacity > before.capacity)) await promoteFromWaitlist(ctx, tx, after);
}

/**
 * Ends the user's registration or waitlist place at the event: the row goes, the history keeps a cancellation, the
 * person gets an email, and a place given up goes to the next person waiting. Answers false when they had neither.
 */
async function endRegistration(
  ctx: AppContext,
  tx: DbOrTx,
  row: EventRow,
  person: { userId: string },
  by: { userId: string; organizer: boolean },
): Promise<boolean> {
  const [held] = await tx
    .delete(eventAttendees)
    .where(and(eq(eventAttendees.eventId, row.id), eq(eventAttendees.userId, person.userId)))
    .returning({ id: eventAttendees.id });
  let endedFrom: 'registered' | 'waitlisted' = 'registered';
  if (held) {
    // The access a registration gave goes with it; an organizer's or a sponsor's access stays.
    await tx
      .delete(userEventAccess)
      .where(and(eq(userEventAccess.eventId, row.id), eq(userEventAccess.userId, person.userId), eq(userEventAccess.accessType, 'registered_attendee')));
  } else {
    const [waited] = await tx
      .delete(eventWaitlist)
      .where(and(eq(eventWaitlist.eventId, row.id), eq(eventWaitlist.userId, person.userId)))
      .returning({ id: eventWaitlist.id });
    if (!waited) return false;
    endedFrom = 'waitlisted';
  }
  await removeAnswers(tx, row.id, person.userId);
  await tx.insert(registrationCancellations).values({
    eventId: row.id,
    userId: person.userId,
    endedFrom,
    byOrganizer: by.organizer,
    cancelledBy: by.userId,
  });
  const [recipient] = await tx
    .select({ email: authUsers.email, name: sql<string>`coalesce(${qualified(profiles.fullName)}, ${qualified(authUsers.name)})` })
    .from(authUsers)
    .leftJoin(profiles, eq(profiles.id, authUsers.id))
    .where(eq(authUsers.id, person.userId));
  if (recipient) {
    await ctx.mailer.enqueue(
      tx,
      registrationCancelledEmail.to(recipient.email, {
        publicUrl: ctx.config.publicUrl,
        attendeeName: recipient.name,
        event: emailEvent(row),
        timeZone: row.timezone,
        endedFrom,
        byOrganizer: by.organizer,
      }),
    );
  }
  await queueWebhooks(ctx, tx, {
    eventId: row.id,
    type: 'registration.cancelled',
    data: { eventId: row.id, userId: person.userId, fullName: recipient?.name ?? '', endedFrom, byOrganizer: by.organizer },
  });
  await ctx.live.publish(liveTopics.eventAnalytics(row.id), { kind: REGISTRATIONS_CHANGED_KIND }, tx);
  if (endedFrom === 'registered') await promoteFromWaitlist(ctx, tx, row);
  return true;
}

/** The caller gives up their place (or leaves the waitlist) before the event ends. */
export async function cancelRegistration(ctx: AppContext, caller: Caller, eventId: string): Promise<void> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  if (!relation || !(relation.isAttendee || relation.isWaitlisted)) throw notFound(REGISTRATION_MESSAGES.notRegistered);
  await ctx.db.transaction(async (tx) => {
    const row = await lockEvent(tx, eventId);
    if (!row) throw notFound(REGISTRATION_MESSAGES.notRegistered);
    if (registrationState(row) === 'ended') throw conflict(TIME_RULE_MESSAGES.eventEnded, 'event_ended');
    const ended = await endRegistration(ctx, tx, row, { userId: caller.userId }, { userId: caller.userId, organizer: false });
    if (!ended) throw notFound(REGISTRATION_MESSAGES.notRegistered);
  });
}

/** An organizer ends someone's registration or waitlist place (the person is told by email). */
export async function removeRegistration(ctx: AppContext, caller: Caller, eventId: string, userId: string): Promise<void> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  if (!isUuid(userId)) throw notFound(REGISTRATION_MESSAGES.registrationNotFound);
  await ctx.db.transaction(async (tx) => {
    const row = await lockEvent(tx, eventId);
    if (!row) throw notFound(msg('Event not found'));
    const ended = await endRegistration(ctx, tx, row, { userId }, { userId: caller.userId, organizer: true });
    if (!ended) throw notFound(REGISTRATION_MESSAGES.registrationNotFound);
  });
}

/**
 * An account being deleted (areas/privacy, decision 0186) gives up every place it holds: its attendee and waitlist
 * rows, its answers and the access they gave go, each event locked in turn (in id order, so two deletions never wait
 * on each other crosswise). No email (the address is being erased) and no cancellation history (it would keep them
 * on the organizer's list); the event's webhooks hear of it under `fullName`, and a place freed before the event
 * ends goes to the next person waiting, as any cancellation's does.
 */
export async function releasePlacesOf(ctx: AppContext, tx: DbOrTx, userId: string, fullName: string): Promise<void> {
  const held = await tx.select({ eventId: eventAttendees.eventId }).from(eventAttendees).where(eq(eventAttendees.userId, userId));
  const waiting = await tx.select({ eventId: eventWaitlist.eventId }).from(eventWaitlist).where(eq(eventWaitlist.userId, userId));
  const eventIds = [...new Set([...held, ...waiting].map((row) => row.eventId))].sort();
  for (const eventId of eventIds) {
    const row = await lockEvent(tx, eventId);
    if (!row) continue;
    const place = await tx.delete(eventAttendees).where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId))).returning({ id: eventAttendees.id });
    const wait = await tx.delete(eventWaitlist).where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, userId))).returning({ id: eventWaitlist.id });
    if (place.length === 0 && wait.length === 0) continue;
    await tx
      .delete(userEventAccess)
      .where(and(eq(userEventAccess.eventId, eventId), eq(userEventAccess.userId, userId), eq(userEventAccess.accessType, 'registered_attendee')));
    await removeAnswers(tx, eventId, userId);
    const endedFrom = place.length > 0 ? 'registered' : 'waitlisted';
    await queueWebhooks(ctx, tx, { eventId, type: 'registration.cancelled', data: { eventId, userId, fullName, endedFrom, byOrganizer: false } });
    await ctx.live.publish(liveTopics.eventAnalytics(eventId), { kind: REGISTRATIONS_CHANGED_KIND }, tx);
    if (endedFrom === 'registered' && registrationState(row) !== 'ended') await promoteFromWaitlist(ctx, tx, row);
  }
}
