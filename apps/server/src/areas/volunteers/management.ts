import { and, eq, inArray, sql } from 'drizzle-orm';
import { liveTopics } from '@mingle/shared/core/live';
import { VOLUNTEER_NOT_FOUND_MESSAGE } from '@mingle/shared/volunteers/inputs';
import type { AddVolunteerResult, MoveGoodiesResult, VolunteerAllocationDto } from '@mingle/shared/volunteers/contract';
import { allocationBelowDistributedMessage, notEnoughToMoveMessage, type MoveGoodiesInput } from '@mingle/shared/volunteers/management';
import type { Caller } from '../../platform/auth/caller.ts';
import { issueInvitation } from '../invitations/index.ts';
import type { AppContext } from '../../context.ts';
import { userRoles } from '../../platform/db/schema/auth.ts';
import { eventCoOwners, events, eventVolunteers, userEventAccess } from '../../platform/db/schema/events.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { conflict, HttpError, notFound } from '../../platform/http/errors.ts';
import { assertEventPermission, canManageEvent, loadEventRelation } from '../event-access/index.ts';
import { isUuid } from '../../platform/db/sql.ts';

// Issue 8 "Volunteers": the event's owner, co-owners (and super admins) add volunteers by email, set allocations and
// move goodies between volunteers. An allocation never falls below what the volunteer already handed out: every
// write states it in its UPDATE's WHERE, so it holds against scans and other edits running at the same moment (the
// table's check constraint backs it up).

async function assertManages(ctx: AppContext, caller: Caller, eventId: string) {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
}

/**
 * Adding a volunteer is an invitation, whatever the address (issue 16, decision 0076): nobody becomes a volunteer
 * (with the role and the organizer access it brings) without accepting. The answer is the same whether or not the
 * address has an account, and carries no user id.
 */
export async function addVolunteer(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  input: { email: string; allocatedGoodies: number },
): Promise<AddVolunteerResult> {
  await assertManages(ctx, caller, eventId);
  const { sent } = await issueInvitation(ctx, {
    eventId,
    email: input.email,
    role: 'volunteer',
    allocatedGoodies: input.allocatedGoodies,
    invitedBy: caller.userId,
    inviterName: caller.name,
  });
  return { outcome: 'invited', email: input.email, emailSent: sent };
}

/**
 * Ends a person's volunteering for an event, with everything it brought: the assignment, a co-ownership (a
 * co-owner is a promoted volunteer), the organizer access row (never the owner's), and the platform's
 * event_volunteer role once they volunteer nowhere. False when they were not a volunteer of the event.
 */
export async function endVolunteering(ctx: AppContext, eventId: string, userId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(eventVolunteers)
      .where(and(eq(eventVolunteers.eventId, eventId), eq(eventVolunteers.userId, userId)))
      .returning({ id: eventVolunteers.id });
    if (removed.length === 0) return false;
    await tx.delete(eventCoOwners).where(and(eq(eventCoOwners.eventId, eventId), eq(eventCoOwners.userId, userId)));
    await tx
      .delete(userEventAccess)
      .where(
        and(
          eq(userEventAccess.eventId, eventId),
          eq(userEventAccess.userId, userId),
          eq(userEventAccess.accessType, 'organizer'),
          sql`not exists (select 1 from ${events} where ${events.id} = ${eventId}::uuid and ${events.createdBy} = ${userId}::uuid)`,
        ),
      );
    await tx
      .delete(userRoles)
      .where(
        and(
          eq(userRoles.userId, userId),
          eq(userRoles.role, 'event_volunteer'),
          sql`not exists (select 1 from ${eventVolunteers} where ${eventVolunteers.userId} = ${userId}::uuid)`,
        ),
      );
    await ctx.live.publish(liveTopics.userAccount(userId), { kind: 'account.updated' }, tx);
    return true;
  });
}

/** The organizer removes a volunteer (owner, co-owners, super admins). */
export async function removeVolunteer(ctx: AppContext, caller: Caller, eventId: string, userId: string): Promise<void> {
  await assertManages(ctx, caller, eventId);
  if (!isUuid(userId) || !(await endVolunteering(ctx, eventId, userId))) throw notFound(VOLUNTEER_NOT_FOUND_MESSAGE);
}

/** The volunteer gives up their role at an event themselves. */
export async function leaveVolunteering(ctx: AppContext, caller: Caller, eventId: string): Promise<void> {
  if (!isUuid(eventId) || !(await endVolunteering(ctx, eventId, caller.userId))) throw notFound(VOLUNTEER_NOT_FOUND_MESSAGE);
}

const allocationColumns = {
  userId: eventVolunteers.userId,
  allocatedGoodies: eventVolunteers.allocatedGoodies,
  distributedGoodies: eventVolunteers.distributedGoodies,
};

async function volunteerRows(ctx: AppContext, eventId: string, userIds: string[]): Promise<VolunteerAllocationDto[]> {
  if (!userIds.every(isUuid)) return [];
  return ctx.db
    .select({ ...allocationColumns, fullName: profiles.fullName })
    .from(eventVolunteers)
    .innerJoin(profiles, eq(profiles.id, eventVolunteers.userId))
    .where(and(eq(eventVolunteers.eventId, eventId), inArray(eventVolunteers.userId, userIds)));
}

/** Sets a volunteer's allocation; refused (409) below what they already distributed. */
export async function setAllocation(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  userId: string,
  allocatedGoodies: number,
): Promise<VolunteerAllocationDto> {
  await assertManages(ctx, caller, eventId);
  if (!isUuid(userId)) throw notFound(VOLUNTEER_NOT_FOUND_MESSAGE);
  const [updated] = await ctx.db
    .update(eventVolunteers)
    .set({ allocatedGoodies, updatedAt: sql`now()` })
    .where(
      and(
        eq(eventVolunteers.eventId, eventId),
        eq(eventVolunteers.userId, userId),
        sql`${eventVolunteers.distributedGoodies} <= ${allocatedGoodies}`,
      ),
    )
    .returning(allocationColumns);
  const [current] = await volunteerRows(ctx, eventId, [userId]);
  if (!current) throw notFound(VOLUNTEER_NOT_FOUND_MESSAGE);
  if (!updated) throw conflict(allocationBelowDistributedMessage(current.distributedGoodies), 'allocation_below_distributed');
  await ctx.live.publish(liveTopics.userAccount(userId), { kind: 'account.updated' });
  return { ...current, ...updated };
}

/**
 * Moves `amount` goodies of allocation from one volunteer of the event to another, in one UPDATE of both rows: the
 * giver's row qualifies only while it keeps at least what it distributed, so two rows updated means the move
 * happened, anything less rolls back. (A row waiting on a concurrent scan is re-checked after it, so the rule
 * holds under races.)
 */
export async function moveGoodies(ctx: AppContext, caller: Caller, eventId: string, input: MoveGoodiesInput): Promise<MoveGoodiesResult> {
  await assertManages(ctx, caller, eventId);
  const { fromUserId, toUserId, amount } = input;
  const moved = await ctx.db
    .transaction(async (tx) => {
      // Both rows locked in one fixed order first: two opposite moves updating them in the UPDATE's own order
      // could each hold one row and wait for the other (a deadlock PostgreSQL answers with an error).
      await tx
        .select({ userId: eventVolunteers.userId })
        .from(eventVolunteers)
        .where(and(eq(eventVolunteers.eventId, eventId), inArray(eventVolunteers.userId, [fromUserId, toUserId])))
        .orderBy(eventVolunteers.userId)
        .for('update');
      const rows = await tx
        .update(eventVolunteers)
        .set({
          allocatedGoodies: sql`${eventVolunteers.allocatedGoodies} + case when ${eventVolunteers.userId} = ${toUserId}::uuid then ${amount}::int else -${amount}::int end`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(eventVolunteers.eventId, eventId),
            inArray(eventVolunteers.userId, [fromUserId, toUserId]),
            sql`(${eventVolunteers.userId} = ${toUserId}::uuid or ${eventVolunteers.allocatedGoodies} - ${amount}::int >= ${eventVolunteers.distributedGoodies})`,
          ),
        )
        .returning({ userId: eventVolunteers.userId });
      if (rows.length !== 2) throw new HttpError(409, 'move_refused', 'rolled back');
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof HttpError && error.code === 'move_refused') return false;
      throw error;
    });
  const found = await volunteerRows(ctx, eventId, [fromUserId, toUserId]);
  const from = found.find((row) => row.userId === fromUserId);
  const to = found.find((row) => row.userId === toUserId);
  if (!from || !to) throw notFound(VOLUNTEER_NOT_FOUND_MESSAGE);
  if (!moved) {
    throw conflict(notEnoughToMoveMessage(from.fullName, from.allocatedGoodies - from.distributedGoodies), 'not_enough_to_move');
  }
  await Promise.all([fromUserId, toUserId].map((id) => ctx.live.publish(liveTopics.userAccount(id), { kind: 'account.updated' })));
  return { from, to };
}
