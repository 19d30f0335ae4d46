import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { liveTopics } from '@mingle/shared/core/live';
import { GOODIE_RECEIVED_KIND, type GoodieReceivedEvent } from '@mingle/shared/volunteers/goodie-notification';
import type { GoodieDistributionDto, MyGoodieDto, VolunteerAssignmentDto } from '@mingle/shared/volunteers/contract';
import {
  ALREADY_RECEIVED_MESSAGE,
  NO_GOODIES_LEFT_MESSAGE,
  NOT_A_VOLUNTEER_MESSAGE,
  NOT_REGISTERED_MESSAGE,
  QR_EXPIRED_MESSAGE,
  QR_INVALID_MESSAGE,
  SELF_DISTRIBUTION_MESSAGE,
  type DistributeGoodieInput,
} from '@mingle/shared/volunteers/inputs';
import type { Caller } from '../../platform/auth/caller.ts';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../platform/db/client.ts';
import { CHECK_VIOLATION, databaseRefusal } from '../../platform/db/errors.ts';
import { eventAttendees, events, eventVolunteers, goodieDistributions } from '../../platform/db/schema/events.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { badRequest, conflict, HttpError } from '../../platform/http/errors.ts';
import { assertEventPermission, type EventRelation, loadEventRelation } from '../event-access/index.ts';
import { notify } from '../notifications/index.ts';
import { isUuid } from '../../platform/db/sql.ts';
import { goodieReceivedEmail } from './emails/goodie-received.tsx';
import { looksLikeBadgeToken, readBadgeToken, scanCodeHash } from '../badges/index.ts';
import { NOT_CHECKED_IN_MESSAGE } from '@mingle/shared/check-in/inputs';
import { msg } from '@mingle/shared/core/messages';

/** The caller's volunteer assignments with their events, soonest event first. */
export async function listAssignments(ctx: AppContext, caller: Caller): Promise<VolunteerAssignmentDto[]> {
  const rows = await ctx.db
    .select({
      id: eventVolunteers.id,
      eventId: events.id,
      eventName: events.name,
      eventSlug: events.slug,
      location: events.location,
      startDate: events.startDate,
      endDate: events.endDate,
      timezone: events.timezone,
      allocatedGoodies: eventVolunteers.allocatedGoodies,
      distributedGoodies: eventVolunteers.distributedGoodies,
    })
    .from(eventVolunteers)
    .innerJoin(events, eq(events.id, eventVolunteers.eventId))
    .where(eq(eventVolunteers.userId, caller.userId))
    .orderBy(asc(events.startDate), asc(events.id));
  return rows.map((row) => ({
    ...row,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    remainingGoodies: row.allocatedGoodies - row.distributedGoodies,
  }));
}

/** The goodies the caller received as a participant, newest first (their dashboard's My Goodies). */
export async function listMyGoodies(ctx: AppContext, caller: Caller): Promise<MyGoodieDto[]> {
  const rows = await ctx.db
    .select({
      eventId: events.id,
      eventName: events.name,
      receivedAt: eventAttendees.goodiesReceivedAt,
      giverName: profiles.fullName,
    })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .leftJoin(profiles, eq(profiles.id, eventAttendees.goodiesReceivedFrom))
    .where(and(eq(eventAttendees.userId, caller.userId), eq(eventAttendees.goodiesReceived, true)))
    .orderBy(desc(eventAttendees.goodiesReceivedAt), asc(events.id));
  // goodies_received implies goodies_received_at (event_attendees_goodies_check).
  return rows.map((row) => ({ ...row, receivedAt: row.receivedAt!.toISOString() }));
}

const isVolunteer = (_caller: Caller, relation: EventRelation) => relation.isVolunteer;

/** A scan the rules refused (409). */
const goodieError = (code: string, message: string) => new HttpError(409, code, message);

/**
 * The volunteer row's check (distributed never above allocated) is the last word when an organizer lowers the
 * allocation in the very instant of a scan: the statement is refused whole, nothing is written, and the scan is
 * answered as one that found no goodies left (the spec's message), not as a server error.
 */
function noneLeftWhenAllocationLowered(error: unknown): never {
  const refusal = databaseRefusal(error);
  if (refusal?.code === CHECK_VIOLATION && refusal.constraint === 'event_volunteers_remaining_check') {
    throw goodieError('no_goodies_remaining', NO_GOODIES_LEFT_MESSAGE);
  }
  throw error;
}

/** What the one-statement distribution saw and did (nulls where a step found nothing to do). */
interface DistributionStep {
  isVolunteer: boolean;
  remainingBefore: number | null;
  participantId: string | null;
  participantName: string | null;
  expired: boolean | null;
  registered: boolean;
  /** Checked in at the door, or the event gives goodies without a check-in. */
  doorPassed: boolean;
  distributedAt: Date | string | null;
  remaining: number | null;
  /** Read only when a goodie was given (the participant's notification names the event and links to its page). */
  eventName: string | null;
  eventSlug: string | null;
  eventLogoUrl: string | null;
  eventTimeZone: string | null;
}

/**
 * Gives the participant whose personal QR token was scanned the event's goodie, from the calling volunteer's
 * allocation, in one SQL statement (one round trip a scan, which is what bounds the rate at a door with a queue; see
 * bench/goodie-scans.mjs and decision 0068), in a transaction only so that the participant's notification commits with it:
 *  1. lock the caller's volunteer row (`for update`): a volunteer's parallel scans queue here, so the goodies left
 *     (`allocated - distributed`) cannot change under the scan; none left = nothing happens;
 *  2. find the participant by the hash of the token, and lock their attendee row while it has no goodie
 *     (`goodies_received = false`, re-checked on the newest row after a wait): two volunteers scanning the same person
 *     queue here, and the second finds the goodie given; not registered, not checked in at the door (unless the
 *     event gives goodies without a door, events.goodies_require_check_in) or already given = nothing happens;
 *  3. only then insert the goodie_distributions row (its unique keys, (event, participant) and (volunteer,
 *     client_scan_id), stay the last word), count it on the volunteer and flag the attendee.
 * Locks are always taken volunteer row, then attendee row, so parallel scans cannot deadlock. The statement answers
 * what each step saw; the first step that found nothing becomes the spec's message.
 */
export async function distributeGoodie(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  input: DistributeGoodieInput,
): Promise<GoodieDistributionDto> {
  // Only the event's volunteers scan: step 1 finds the caller's volunteer row or nothing, so a scan pays no separate
  // query for it; a refused caller is answered by refuseNonVolunteer with the right 404 or 403.
  if (!isUuid(eventId)) return refuseNonVolunteer(ctx, caller, eventId);
  // A badge's code names its holder, signed for this event; anything else is a personal QR, found by its hash.
  const badgeHolder = looksLikeBadgeToken(input.token) ? readBadgeToken(ctx.config.authSecret, eventId, input.token) : null;
  if (looksLikeBadgeToken(input.token) && !badgeHolder) throw badRequest(QR_INVALID_MESSAGE, 'qr_invalid');
  const clientScanId = input.clientScanId ?? null;
  const volunteerId = caller.userId;

  // The statement and the participant's notification commit together (issue 19): a scan that gave nothing writes
  // none, and a notification never outlives a goodie that was not given.
  const step = await ctx.db.transaction(async (tx) => {
    const [given] = await selectRows<DistributionStep>(
      tx,
      sql`with assignment as materialized (
            select allocated_goodies - distributed_goodies as remaining from event_volunteers
            where event_id = ${eventId}::uuid and user_id = ${volunteerId}::uuid
            for update
          ),
          participant as materialized (
            select id, full_name, ${badgeHolder ? sql`false` : sql`qr_token_expires_at <= now()`} as expired from profiles
            where ${badgeHolder ? sql`id = ${badgeHolder}::uuid` : sql`qr_token_hash = ${scanCodeHash(input.token)}`}
          ),
          door as materialized (
            select goodies_require_check_in as required,
                   exists (select 1 from check_ins where event_id = ${eventId}::uuid and user_id = (select id from participant) and undone_at is null) as passed
            from events where id = ${eventId}::uuid
          ),
          attendee as materialized (
            select event_attendees.id, event_attendees.user_id from event_attendees
            where event_id = ${eventId}::uuid and user_id = (select id from participant where not expired and id <> ${volunteerId}::uuid)
              and goodies_received = false and (select remaining from assignment) > 0
              and (select passed or not required from door)
            for update
          ),
          given as (
            insert into goodie_distributions (event_id, participant_id, volunteer_id, client_scan_id)
            select ${eventId}::uuid, user_id, ${volunteerId}::uuid, ${clientScanId} from attendee
            on conflict do nothing
            returning participant_id, created_at
          ),
          volunteer as (
            update event_volunteers
            set distributed_goodies = distributed_goodies + 1, updated_at = now()
            where event_id = ${eventId}::uuid and user_id = ${volunteerId}::uuid and exists (select 1 from given)
            returning allocated_goodies - distributed_goodies as remaining
          ),
          -- Runs whenever given inserted (a data-modifying WITH always runs to completion).
          flagged as (
            update event_attendees
            set goodies_received = true, goodies_received_at = (select created_at from given), goodies_received_from = ${volunteerId}::uuid
            where id = (select id from attendee) and exists (select 1 from given)
            returning id
          )
          select exists (select 1 from assignment) as "isVolunteer", (select remaining from assignment) as "remainingBefore",
                 participant.id as "participantId", participant.full_name as "participantName", participant.expired,
                 exists (select 1 from event_attendees where event_id = ${eventId}::uuid and user_id = participant.id) as registered,
                 (select passed or not required from door) as "doorPassed",
                 given.created_at as "distributedAt", volunteer.remaining,
                 case when given.created_at is not null then (select name from events where id = ${eventId}::uuid) end as "eventName",
                 case when given.created_at is not null then (select slug from events where id = ${eventId}::uuid) end as "eventSlug",
                 case when given.created_at is not null then (select logo_url from events where id = ${eventId}::uuid) end as "eventLogoUrl",
                 case when given.created_at is not null then (select timezone from events where id = ${eventId}::uuid) end as "eventTimeZone"
          from (select 1) as scan
          left join participant on true
          left join given on true
          left join volunteer on true`,
    );
    if (given?.distributedAt) {
      await notify(ctx, tx, {
        userId: given.participantId!,
        actorId: volunteerId,
        eventId,
        facts: { kind: 'goodie_received', eventName: given.eventName ?? '', eventSlug: given.eventSlug ?? '' },
        email: (unsubscribeUrl) =>
          goodieReceivedEmail.with({
            publicUrl: ctx.config.publicUrl,
            unsubscribeUrl,
            recipientName: given.participantName ?? '',
            event: { name: given.eventName ?? '', logoUrl: given.eventLogoUrl },
            volunteerName: caller.name,
            receivedAt: given.distributedAt!,
            timeZone: given.eventTimeZone ?? 'UTC',
          }),
      });
    }
    return given;
  }).catch(noneLeftWhenAllocationLowered);

  if (!step?.isVolunteer) return refuseNonVolunteer(ctx, caller, eventId);
  if (!step.distributedAt) {
    const refusal = refusalOf(step, volunteerId);
    // A scan id already processed answers what the first scan did, whatever the token has become since (the
    // participant may have regenerated it) and however the resend raced the first send. Looked up only when the
    // scan did not give, so a first scan pays nothing for it.
    const replay = clientScanId ? await replayOf(ctx, volunteerId, eventId, clientScanId) : null;
    if (replay) return replay;
    throw refusal;
  }

  // After the statement (delivered only once it committed): the participant's open pages toast it (spec 01: goodies
  // "with a real-time notification") and refetch. A failed notification must not undo an answer whose goodie was
  // given, so it is logged.
  const received: GoodieReceivedEvent = { eventId, eventName: step.eventName ?? '' };
  await ctx.live
    .publish(liveTopics.userAccount(step.participantId!), { kind: GOODIE_RECEIVED_KIND, data: received })
    .catch((error: unknown) => ctx.log.warn('could not publish a goodie distribution', { error: String(error) }));
  return {
    success: true as const,
    participantId: step.participantId!,
    participantName: step.participantName ?? '',
    remainingGoodies: Number(step.remaining),
    distributedAt: new Date(step.distributedAt).toISOString(),
    replayed: false,
  };
}

/** Why a scan gave nothing, in the order a volunteer should hear it. */
function refusalOf(step: DistributionStep, volunteerId: string): HttpError {
  if (!step.participantId) return badRequest(QR_INVALID_MESSAGE, 'qr_invalid');
  if (step.expired) return badRequest(QR_EXPIRED_MESSAGE, 'qr_expired');
  if (step.participantId === volunteerId) return badRequest(SELF_DISTRIBUTION_MESSAGE, 'self_distribution');
  if (!step.registered) return goodieError('not_registered', NOT_REGISTERED_MESSAGE);
  if (!step.doorPassed) return goodieError('not_checked_in', NOT_CHECKED_IN_MESSAGE);
  if (Number(step.remainingBefore) <= 0) return goodieError('no_goodies_remaining', NO_GOODIES_LEFT_MESSAGE);
  return goodieError('already_received', ALREADY_RECEIVED_MESSAGE);
}

/** A caller who is not one of the event's volunteers: 404 when they take no part in it (or it does not exist), else 403. */
async function refuseNonVolunteer(ctx: AppContext, caller: Caller, eventId: string): Promise<never> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  try {
    assertEventPermission(caller, relation, isVolunteer);
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) throw new HttpError(403, 'forbidden', NOT_A_VOLUNTEER_MESSAGE);
    throw error;
  }
  // Made a volunteer between the scan and this check: the scan gave nothing, and scanning again will.
  throw goodieError('not_a_volunteer', NOT_A_VOLUNTEER_MESSAGE);
}

async function replayOf(
  ctx: AppContext,
  volunteerId: string,
  eventId: string,
  clientScanId: string,
): Promise<GoodieDistributionDto | null> {
  const [row] = await ctx.db
    .select({
      participantId: goodieDistributions.participantId,
      eventId: goodieDistributions.eventId,
      createdAt: goodieDistributions.createdAt,
      fullName: profiles.fullName,
      remaining: sql<number>`(select ${eventVolunteers.allocatedGoodies} - ${eventVolunteers.distributedGoodies} from ${eventVolunteers} where ${eventVolunteers.eventId} = ${eventId}::uuid and ${eventVolunteers.userId} = ${volunteerId}::uuid)`,
    })
    .from(goodieDistributions)
    .innerJoin(profiles, eq(profiles.id, goodieDistributions.participantId))
    .where(and(eq(goodieDistributions.volunteerId, volunteerId), eq(goodieDistributions.clientScanId, clientScanId)));
  if (!row) return null;
  if (row.eventId !== eventId) throw conflict(msg('This scan id was already used for another event'), 'scan_id_reused');
  return {
    success: true,
    participantId: row.participantId,
    participantName: row.fullName,
    remainingGoodies: Number(row.remaining ?? 0),
    distributedAt: row.createdAt.toISOString(),
    replayed: true,
  };
}
