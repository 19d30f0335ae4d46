import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isInThePast, TIME_RULE_MESSAGES } from '@mingle/shared/domain/time-rules';
import { liveTopics } from '@mingle/shared/core/live';
import { MEETING_MESSAGES, type MeetingAction, type meetingRequestSchema } from '@mingle/shared/meetings/inputs';
import type { MeetingDto, MeetingPartnerDto, OverlapDto } from '@mingle/shared/meetings/contract';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth/caller.ts';
import { canReach, eitherBlocked } from '../networking/index.ts';
import type { AppContext } from '../../context.ts';
import { selectRows, type DbOrTx } from '../../platform/db/client.ts';
import { events, userEventAccess } from '../../platform/db/schema/events.ts';
import { meetings } from '../../platform/db/schema/meetings.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { recordEventMetric } from '../analytics/index.ts';
import { notify } from '../notifications/index.ts';
import { queueWebhooks } from '../webhooks/index.ts';
import { isUuid } from '../../platform/db/sql.ts';
import type { MailTemplate } from '../../platform/mail/templates.ts';
import { meetingAcceptedEmail } from './emails/meeting-accepted.tsx';
import { meetingCancelledEmail } from './emails/meeting-cancelled.tsx';
import { meetingDeclinedEmail } from './emails/meeting-declined.tsx';
import type { MeetingEmail } from './emails/meeting-facts.tsx';
import { meetingRequestedEmail } from './emails/meeting-requested.tsx';
import { msg } from '@mingle/shared/core/messages';

type MeetingRow = typeof meetings.$inferSelect;
const requester = alias(profiles, 'requester');
const recipient = alias(profiles, 'recipient');

const selection = {
  meeting: meetings,
  eventName: events.name,
  eventTimeZone: events.timezone,
  requesterName: requester.fullName,
  requesterCompany: requester.companyOrInstitution,
  recipientName: recipient.fullName,
  recipientCompany: recipient.companyOrInstitution,
};

type Joined = {
  meeting: MeetingRow;
  eventName: string | null;
  eventTimeZone: string | null;
  requesterName: string;
  requesterCompany: string | null;
  recipientName: string;
  recipientCompany: string | null;
};

/** The API's shape of a meeting: the one place a row becomes JSON. */
export function toMeetingDto(row: Joined): MeetingDto {
  const { meeting } = row;
  return {
    id: meeting.id,
    eventId: meeting.eventId,
    eventName: row.eventName,
    eventTimeZone: row.eventTimeZone,
    requester: { id: meeting.requesterId, fullName: row.requesterName, company: row.requesterCompany },
    recipient: { id: meeting.recipientId, fullName: row.recipientName, company: row.recipientCompany },
    proposedTime: meeting.proposedTime.toISOString(),
    confirmedTime: meeting.confirmedTime?.toISOString() ?? null,
    durationMinutes: meeting.durationMinutes,
    meetingType: meeting.meetingType,
    location: meeting.location,
    agenda: meeting.agenda,
    status: meeting.status,
    createdAt: meeting.createdAt.toISOString(),
  };
}

export function joinedQuery(db: DbOrTx) {
  return db
    .select(selection)
    .from(meetings)
    .innerJoin(requester, eq(requester.id, meetings.requesterId))
    .innerJoin(recipient, eq(recipient.id, meetings.recipientId))
    .leftJoin(events, eq(events.id, meetings.eventId));
}

const mine = (userId: string) => or(eq(meetings.requesterId, userId), eq(meetings.recipientId, userId))!;

/**
 * My Meetings: the caller's pending and accepted meetings (the only ones a tab shows), by proposed time. Each
 * person has few live meetings, and the two indexes (requester, time) and (recipient, time) serve this.
 */
export async function listMeetings(ctx: AppContext, caller: Caller): Promise<MeetingDto[]> {
  const rows = await joinedQuery(ctx.db)
    .where(and(mine(caller.userId), inArray(meetings.status, ['pending', 'accepted'])))
    .orderBy(asc(meetings.proposedTime), asc(meetings.id))
    .limit(1000);
  return rows.map(toMeetingDto);
}

async function loadMeeting(db: DbOrTx, caller: Caller, meetingId: string): Promise<MeetingDto> {
  if (!isUuid(meetingId)) throw notFound(MEETING_MESSAGES.notFound);
  const [row] = await joinedQuery(db).where(and(eq(meetings.id, meetingId), mine(caller.userId)));
  if (!row) throw notFound(MEETING_MESSAGES.notFound);
  return toMeetingDto(row);
}

export const getMeeting = (ctx: AppContext, caller: Caller, meetingId: string) => loadMeeting(ctx.db, caller, meetingId);

/**
 * The networking-enabled event the two share that a meeting is filed under: the one named, else the latest to start.
 * A named event whose organizer turned attendee networking off is no such event, even for two connected people who
 * may still meet: the meeting would land in the organizer's counts and meeting export against their choice.
 */
function sharedEvent(a: SQL, b: SQL, eventId?: string | null): SQL {
  return sql`select "e"."id", "e"."timezone" from ${events} as "e"
    join ${userEventAccess} as "a" on "a"."event_id" = "e"."id" and "a"."user_id" = ${a}
    join ${userEventAccess} as "b" on "b"."event_id" = "e"."id" and "b"."user_id" = ${b}
    where "e"."allow_attendee_networking"${eventId ? sql` and "e"."id" = ${eventId}::uuid` : sql``}
    order by "e"."start_date" desc limit 1`;
}

/**
 * The person `/meetings?with={userId}` preselects in the request dialog: only someone the caller may request a
 * meeting with (shares a networking-enabled event with or is connected to, no block either way). Anyone else is a
 * 404 whether they exist or not, so the link cannot be used to probe who is on the platform.
 */
export async function findMeetingPartner(ctx: AppContext, caller: Caller, userId: string): Promise<MeetingPartnerDto> {
  if (userId === caller.userId) throw badRequest(MEETING_MESSAGES.cannotMeetSelf);
  if (!isUuid(userId)) throw notFound(msg('User not found'));
  const target = sql`${userId}::uuid`;
  const [row] = await selectRows<MeetingPartnerDto>(
    ctx.db,
    sql`select "p"."id", "p"."full_name" as "fullName", "p"."company_or_institution" as "company",
        "shared"."id" as "eventId", "shared"."timezone" as "eventTimeZone"
      from ${profiles} as "p"
      left join lateral (${sharedEvent(sql`${caller.userId}::uuid`, target)}) as "shared" on true
      where "p"."id" = ${target} and ${canReach(caller.userId, target)} and not ${eitherBlocked(caller.userId, target)}`,
  );
  if (!row) throw notFound(msg('User not found'));
  return row;
}

/**
 * A meeting request: to someone the caller shares a networking-enabled event with or is connected to, never to
 * themselves or across a block, never for a time in the past (decision 0105). Starts pending. A given event must be a
 * networking-enabled one both belong to (else 404); without one, the latest networking-enabled event they share is
 * used. Counts a `meeting_request` metric when it has an event. Both people hear of it live.
 */
export async function requestMeeting(
  ctx: AppContext,
  caller: Caller,
  input: z.output<typeof meetingRequestSchema>,
): Promise<MeetingDto> {
  if (input.recipientId === caller.userId) throw badRequest(MEETING_MESSAGES.cannotMeetSelf);
  if (isInThePast(input.proposedTime)) throw badRequest(TIME_RULE_MESSAGES.meetingInPast);
  const target = sql`${input.recipientId}::uuid`;
  const [allowed] = await selectRows<{ ok: boolean }>(
    ctx.db,
    sql`select (${canReach(caller.userId, target)} and not ${eitherBlocked(caller.userId, target)}) as "ok"
      from ${profiles} where "id" = ${target}`,
  );
  if (!allowed) throw notFound(msg('User not found'));
  if (!allowed.ok) throw forbidden(MEETING_MESSAGES.cannotRequest);
  const [shared] = await selectRows<{ id: string }>(ctx.db, sharedEvent(sql`${caller.userId}::uuid`, target, input.eventId));
  const eventId = shared?.id ?? null;
  if (input.eventId && !eventId) throw notFound(msg('Event not found'));
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(meetings)
      .values({
        eventId,
        requesterId: caller.userId,
        recipientId: input.recipientId,
        proposedTime: new Date(input.proposedTime),
        durationMinutes: input.durationMinutes,
        meetingType: input.meetingType,
        location: input.location,
        agenda: input.agenda,
      })
      .returning({ id: meetings.id });
    if (eventId) {
      await recordEventMetric(ctx, { eventId, userId: caller.userId, metricType: 'meeting_request', details: { meetingId: row!.id } }, tx);
    }
    await publishBoth(ctx, tx, caller.userId, input.recipientId, 'meeting.requested', row!.id);
    const meeting = await loadMeeting(tx, caller, row!.id);
    await notify(ctx, tx, {
      userId: input.recipientId,
      actorId: caller.userId,
      eventId,
      facts: { kind: 'meeting_requested', actorName: meeting.requester.fullName, eventName: meeting.eventName },
      email: meetingEmail(ctx, meetingRequestedEmail, meeting, input.recipientId),
    });
    return meeting;
  });
}

const answerEmails = { accept: meetingAcceptedEmail, decline: meetingDeclinedEmail, cancel: meetingCancelledEmail } as const;

/**
 * A meeting email to `recipientId`, for notify to render with the unsubscribe URL. The time is written in the zone of
 * the meeting's event (decision 0183), named; a meeting outside any event in UTC, named as such. The accepted email's
 * .ics carries the instant for any calendar. The language is the recipient's, read when the mail is rendered.
 */
function meetingEmail(ctx: AppContext, message: MailTemplate<MeetingEmail>, meeting: MeetingDto, recipientId: string) {
  const timeZone = meeting.eventTimeZone ?? 'UTC';
  return (unsubscribeUrl: string) => message.with({ publicUrl: ctx.config.publicUrl, unsubscribeUrl, meeting, recipientId, timeZone });
}

async function publishBoth(ctx: AppContext, tx: DbOrTx, a: string, b: string, kind: string, meetingId: string) {
  for (const userId of [a, b]) await ctx.live.publish(liveTopics.userMeetings(userId), { kind, data: { meetingId } }, tx);
}

/**
 * The state machine of spec 02 section 4, enforced by the UPDATE's WHERE clause: it changes the row only when the
 * caller may make this move from the meeting's current status, so two racing moves cannot both win.
 * - accept / decline: the recipient, from pending (accept sets confirmed_time to now);
 * - cancel: the requester from pending, or either person from accepted.
 */
export async function actOnMeeting(ctx: AppContext, caller: Caller, meetingId: string, action: MeetingAction): Promise<MeetingDto> {
  if (!isUuid(meetingId)) throw notFound(MEETING_MESSAGES.notFound);
  const me = caller.userId;
  const allowed: Record<MeetingAction, SQL> = {
    accept: sql`${meetings.recipientId} = ${me}::uuid and ${meetings.status} = 'pending'`,
    decline: sql`${meetings.recipientId} = ${me}::uuid and ${meetings.status} = 'pending'`,
    cancel: sql`((${meetings.requesterId} = ${me}::uuid and ${meetings.status} = 'pending')
      or ((${meetings.requesterId} = ${me}::uuid or ${meetings.recipientId} = ${me}::uuid) and ${meetings.status} = 'accepted'))`,
  };
  const next = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' } as const;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(meetings)
      .set({
        status: next[action],
        ...(action === 'accept' ? { confirmedTime: sql`now()` } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(meetings.id, meetingId), allowed[action]))
      .returning({ requesterId: meetings.requesterId, recipientId: meetings.recipientId });
    if (!row) {
      // Why not: a meeting the caller is not part of is not found; otherwise the move is not theirs or too late.
      const current = await loadMeeting(tx, caller, meetingId);
      if (current.status === 'declined') throw conflict(msg('This meeting has already been declined'), 'meeting_closed');
      if (current.status === 'cancelled') throw conflict(msg('This meeting has already been cancelled'), 'meeting_closed');
      if (action === 'cancel') throw forbidden(MEETING_MESSAGES.requesterOnly);
      if (current.status === 'accepted') throw conflict(msg('This meeting has already been accepted'), 'meeting_closed');
      throw forbidden(MEETING_MESSAGES.recipientOnly);
    }
    await publishBoth(ctx, tx, row.requesterId, row.recipientId, `meeting.${next[action]}`, meetingId);
    const meeting = await loadMeeting(tx, caller, meetingId);
    // The other party hears of the answer or the cancellation; the caller made it.
    const [actor, other] = caller.userId === meeting.requester.id ? [meeting.requester, meeting.recipient] : [meeting.recipient, meeting.requester];
    await notify(ctx, tx, {
      userId: other.id,
      actorId: actor.id,
      eventId: meeting.eventId,
      facts: { kind: `meeting_${next[action]}`, actorName: actor.fullName, eventName: meeting.eventName },
      email: meetingEmail(ctx, answerEmails[action], meeting, other.id),
    });
    if (action === 'accept' && meeting.eventId) {
      await queueWebhooks(ctx, tx, {
        eventId: meeting.eventId,
        type: 'meeting.accepted',
        data: {
          eventId: meeting.eventId,
          meetingId,
          requester: { userId: meeting.requester.id, fullName: meeting.requester.fullName },
          recipient: { userId: meeting.recipient.id, fullName: meeting.recipient.fullName },
          scheduledAt: meeting.proposedTime,
          durationMinutes: meeting.durationMinutes,
          meetingType: meeting.meetingType,
          location: meeting.location,
        },
      });
    }
    return meeting;
  });
}

/**
 * Does a proposed slot overlap an accepted meeting of the caller or of the other person? The other person's
 * calendar is theirs: only whether they are busy, never what with.
 */
export async function findOverlaps(
  ctx: AppContext,
  caller: Caller,
  input: { userId: string; start: string; durationMinutes: number },
): Promise<OverlapDto> {
  const start = new Date(input.start);
  if (Number.isNaN(start.getTime()) || !isUuid(input.userId)) throw badRequest(msg('Please enter a valid date and time'));
  const end = new Date(start.getTime() + input.durationMinutes * 60_000);
  const overlapping = (userId: string) => sql`select count(*)::int from ${meetings}
    where (${meetings.requesterId} = ${userId}::uuid or ${meetings.recipientId} = ${userId}::uuid)
      and ${meetings.status} = 'accepted'
      and ${meetings.proposedTime} < ${end.toISOString()}::timestamptz
      and ${meetings.proposedTime} + make_interval(mins => ${meetings.durationMinutes}) > ${start.toISOString()}::timestamptz`;
  // Someone else's calendar only for a person the caller may meet: a bare id must not reveal when anyone is busy.
  const target = sql`${input.userId}::uuid`;
  const [row] = await selectRows<{ yours: number; theirs: number }>(
    ctx.db,
    sql`select (${overlapping(caller.userId)}) as "yours",
      (case when ${canReach(caller.userId, target)} and not ${eitherBlocked(caller.userId, target)} then (${overlapping(input.userId)}) else 0 end) as "theirs"`,
  );
  return { yours: Number(row?.yours ?? 0), theirs: Number(row?.theirs ?? 0) > 0 };
}
