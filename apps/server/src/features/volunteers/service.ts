import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { liveTopics } from '@mingle/shared/live';
import {
  ALREADY_RECEIVED_MESSAGE,
  NO_GOODIES_LEFT_MESSAGE,
  NOT_A_VOLUNTEER_MESSAGE,
  NOT_REGISTERED_MESSAGE,
  QR_EXPIRED_MESSAGE,
  QR_INVALID_MESSAGE,
  SELF_DISTRIBUTION_MESSAGE,
  type DistributeGoodieInput,
  type GoodieDistributionDto,
  type VolunteerAssignmentDto,
} from '@mingle/shared/schemas/volunteers';
import type { Caller } from '../../auth/caller.ts';
import { assertEventPermission, loadEventRelation } from '../../auth/event-access.ts';
import type { EventRelation } from '../../auth/policies.ts';
import type { AppContext } from '../../context.ts';
import { eventAttendees, events, eventVolunteers, goodieDistributions } from '../../db/schema/events.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';

/** The personal QR token is stored as its SHA-256 hash (profiles.qr_token_hash); a scan hashes what it read. */
const hashQrToken = (token: string) => createHash('sha256').update(token).digest('hex');

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

const isVolunteer = (_caller: Caller, relation: EventRelation) => relation.isVolunteer;

/** Thrown inside the distribution's transaction to roll it back with the answer's error. */
const goodieError = (code: string, message: string) => new HttpError(409, code, message);

/**
 * Gives the participant whose personal QR token was scanned the event's goodie, from the calling volunteer's
 * allocation, in one transaction whose every step is guarded by the database:
 *  1. insert the goodie_distributions row: unique (event, participant) means one goodie per participant whoever
 *     scans at once (a concurrent second insert waits for the first and then does nothing); unique (volunteer,
 *     client_scan_id) recognises a resent offline scan;
 *  2. `distributed_goodies + 1` only while it stays within allocated_goodies (the row lock serialises volunteers'
 *     parallel scans, and the check constraint backs it up);
 *  3. mark the attendee row, which must exist (registered participants only).
 * Any failed step throws, rolling the whole distribution back. Lock order is always distribution key, volunteer
 * row, attendee row, so parallel scans cannot deadlock.
 */
export async function distributeGoodie(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  input: DistributeGoodieInput,
): Promise<GoodieDistributionDto> {
  const relation = await loadEventRelation(ctx.db, caller.userId, eventId);
  try {
    assertEventPermission(caller, relation, isVolunteer);
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) throw new HttpError(403, 'forbidden', NOT_A_VOLUNTEER_MESSAGE);
    throw error;
  }
  const clientScanId = input.clientScanId ?? null;

  // A resent scan answers what the first one did, whatever the token has become since.
  if (clientScanId) {
    const replay = await replayOf(ctx, caller.userId, eventId, clientScanId);
    if (replay) return replay;
  }

  const [participant] = await ctx.db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      expired: sql<boolean>`${profiles.qrTokenExpiresAt} <= now()`,
    })
    .from(profiles)
    .where(eq(profiles.qrTokenHash, hashQrToken(input.token)));
  if (!participant) throw badRequest(QR_INVALID_MESSAGE, 'qr_invalid');
  if (participant.expired) throw badRequest(QR_EXPIRED_MESSAGE, 'qr_expired');
  if (participant.id === caller.userId) throw badRequest(SELF_DISTRIBUTION_MESSAGE, 'self_distribution');

  try {
    return await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(goodieDistributions)
        .values({ eventId, participantId: participant.id, volunteerId: caller.userId, clientScanId })
        .onConflictDoNothing()
        .returning({ createdAt: goodieDistributions.createdAt });
      if (!inserted) throw goodieError('already_received', ALREADY_RECEIVED_MESSAGE);

      const [volunteer] = await tx
        .update(eventVolunteers)
        .set({ distributedGoodies: sql`${eventVolunteers.distributedGoodies} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(eventVolunteers.eventId, eventId),
            eq(eventVolunteers.userId, caller.userId),
            sql`${eventVolunteers.distributedGoodies} < ${eventVolunteers.allocatedGoodies}`,
          ),
        )
        .returning({ remaining: sql<number>`${eventVolunteers.allocatedGoodies} - ${eventVolunteers.distributedGoodies}` });
      if (!volunteer) throw goodieError('no_goodies_remaining', NO_GOODIES_LEFT_MESSAGE);

      const [attendee] = await tx
        .update(eventAttendees)
        .set({ goodiesReceived: true, goodiesReceivedAt: inserted.createdAt, goodiesReceivedFrom: caller.userId })
        .where(
          and(
            eq(eventAttendees.eventId, eventId),
            eq(eventAttendees.userId, participant.id),
            eq(eventAttendees.goodiesReceived, false),
          ),
        )
        .returning({ id: eventAttendees.id });
      if (!attendee) {
        const [registered] = await tx
          .select({ id: eventAttendees.id })
          .from(eventAttendees)
          .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, participant.id)));
        throw registered
          ? goodieError('already_received', ALREADY_RECEIVED_MESSAGE)
          : goodieError('not_registered', NOT_REGISTERED_MESSAGE);
      }

      await ctx.live.publish(liveTopics.userAccount(participant.id), { kind: 'account.updated' }, tx);
      return {
        success: true as const,
        participantId: participant.id,
        participantName: participant.fullName,
        remainingGoodies: Number(volunteer.remaining),
        distributedAt: inserted.createdAt.toISOString(),
        replayed: false,
      };
    });
  } catch (error) {
    // The insert found the scan id already used: a concurrent resend of the same scan committed first.
    if (error instanceof HttpError && error.code === 'already_received' && clientScanId) {
      const replay = await replayOf(ctx, caller.userId, eventId, clientScanId);
      if (replay) return replay;
    }
    throw error;
  }
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
  if (row.eventId !== eventId) throw conflict('This scan id was already used for another event', 'scan_id_reused');
  return {
    success: true,
    participantId: row.participantId,
    participantName: row.fullName,
    remainingGoodies: Number(row.remaining ?? 0),
    distributedAt: row.createdAt.toISOString(),
    replayed: true,
  };
}
