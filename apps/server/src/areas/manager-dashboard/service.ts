import { and, asc, count, countDistinct, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { liveTopics } from '@mingle/shared/core/live';
import type {
  DirectoryUserDto,
  EventVolunteerDto,
  GoodieRecipientDto,
  ManagedEventDto,
  ManagerStatsDto,
} from '@mingle/shared/manager-dashboard/contract';
import { ALREADY_CO_OWNER_MESSAGE, CO_OWNER_NOT_FOUND_MESSAGE, VOLUNTEER_NOT_FOUND_MESSAGE } from '@mingle/shared/volunteers/inputs';
import type { Page } from '@mingle/shared/core/pagination';
import type { Caller } from '../../platform/auth/caller.ts';
import { issueInvitation } from '../invitations/index.ts';
import type { AppContext } from '../../context.ts';
import { authUsers } from '../../platform/db/schema/auth.ts';
import { eventAttendees, eventCoOwners, events, eventVolunteers, goodieDistributions } from '../../platform/db/schema/events.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { newestFirst, PAGE_SIZE } from '../../platform/http/keyset.ts';
import { assertEventPermission, canManageEvent, isSuperAdmin, loadEventRelation, MANAGER, standsWith } from '../event-access/index.ts';
import { isUuid, qualified } from '../../platform/db/sql.ts';
import { checkedInCount, registeredCount } from '../check-in/index.ts';
import { msg } from '@mingle/shared/core/messages';

const MANAGER_ROLES = ['event_owner', 'event_volunteer', 'super_admin'] as const;

/**
 * Spec 02 section 6: the manager dashboard is for event_owner, event_volunteer and super_admin; a co-owner of any
 * event (who has the owner's rights there) is let in too.
 */
export async function assertManagerAccess(ctx: AppContext, caller: Caller): Promise<void> {
  if (MANAGER_ROLES.some((role) => caller.roles.includes(role))) return;
  const [coOwned] = await ctx.db.select({ id: eventCoOwners.id }).from(eventCoOwners).where(eq(eventCoOwners.userId, caller.userId)).limit(1);
  if (!coOwned) throw forbidden(msg("You don't have permission to access this page"));
}

/** The four stat cards, over the events the caller created or co-owns (Total Users: everyone for super admins). */
export async function managerStats(ctx: AppContext, caller: Caller): Promise<ManagerStatsDto> {
  const [[mine], [attendees], [goodies], [users]] = await Promise.all([
    ctx.db.select({ n: count() }).from(events).where(standsWith(caller.userId, events.id, MANAGER)),
    ctx.db.select({ n: count() }).from(eventAttendees).where(standsWith(caller.userId, eventAttendees.eventId, MANAGER)),
    ctx.db.select({ n: count() }).from(goodieDistributions).where(standsWith(caller.userId, goodieDistributions.eventId, MANAGER)),
    isSuperAdmin(caller)
      ? ctx.db.select({ n: count() }).from(profiles)
      : ctx.db
          .select({ n: countDistinct(eventAttendees.userId) })
          .from(eventAttendees)
          .where(standsWith(caller.userId, eventAttendees.eventId, MANAGER)),
  ]);
  return { myEvents: mine!.n, totalAttendees: attendees!.n, goodiesDistributed: goodies!.n, totalUsers: users!.n };
}

export async function managedEvents(ctx: AppContext, caller: Caller): Promise<ManagedEventDto[]> {
  const rows = await ctx.db
    .select({
      id: events.id,
      name: events.name,
      slug: events.slug,
      location: events.location,
      startDate: events.startDate,
      endDate: events.endDate,
      timezone: events.timezone,
      description: events.description,
      logoUrl: events.logoUrl,
      customDomain: events.customDomain,
      createdBy: events.createdBy,
      registered: registeredCount(qualified(events.id)),
      checkedIn: checkedInCount(qualified(events.id)),
    })
    .from(events)
    .where(standsWith(caller.userId, events.id, MANAGER))
    .orderBy(desc(events.startDate), desc(events.id))
    .limit(500);
  return rows.map(({ createdBy, ...row }) => ({
    ...row,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    isOwner: createdBy === caller.userId,
  }));
}

/** Attendees who received a goodie at the caller's events, newest first, with who gave it and when. */
export async function goodieRecipients(ctx: AppContext, caller: Caller, cursor?: string): Promise<Page<GoodieRecipientDto>> {
  const keys = newestFirst(eventAttendees.goodiesReceivedAt, eventAttendees.id, cursor);
  const giver = alias(profiles, 'giver');
  const rows = await ctx.db
    .select({
      attendeeId: eventAttendees.id,
      eventId: events.id,
      eventName: events.name,
      userId: profiles.id,
      fullName: profiles.fullName,
      giverName: giver.fullName,
      receivedAt: eventAttendees.goodiesReceivedAt,
      key: keys.key,
    })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .innerJoin(profiles, eq(profiles.id, eventAttendees.userId))
    .leftJoin(giver, eq(giver.id, eventAttendees.goodiesReceivedFrom))
    .where(
      and(
        eq(eventAttendees.goodiesReceived, true),
        standsWith(caller.userId, eventAttendees.eventId, MANAGER),
        keys.where,
      ),
    )
    .orderBy(...keys.orderBy)
    .limit(PAGE_SIZE + 1);
  const { items, nextCursor } = keys.page(rows, PAGE_SIZE);
  return { items: items.map((row) => ({ ...row, receivedAt: row.receivedAt!.toISOString() })), nextCursor };
}

/** Volunteers of the caller's events with their allocated and distributed goodies. */
export async function eventVolunteerList(ctx: AppContext, caller: Caller): Promise<EventVolunteerDto[]> {
  return ctx.db
    .select({
      id: eventVolunteers.id,
      eventId: events.id,
      eventName: events.name,
      userId: profiles.id,
      fullName: profiles.fullName,
      allocatedGoodies: eventVolunteers.allocatedGoodies,
      distributedGoodies: eventVolunteers.distributedGoodies,
      isCoOwner: sql<boolean>`exists (select 1 from ${eventCoOwners} where ${qualified(eventCoOwners.eventId)} = ${qualified(eventVolunteers.eventId)} and ${qualified(eventCoOwners.userId)} = ${qualified(eventVolunteers.userId)})`,
    })
    .from(eventVolunteers)
    .innerJoin(events, eq(events.id, eventVolunteers.eventId))
    .innerJoin(profiles, eq(profiles.id, eventVolunteers.userId))
    .where(standsWith(caller.userId, eventVolunteers.eventId, MANAGER))
    .orderBy(asc(events.startDate), asc(profiles.fullName), asc(eventVolunteers.id))
    .limit(1000);
}

/**
 * All Users: for super admins every profile; for an event manager the people registered for their events (the
 * stricter reading: a manager has no business listing strangers' accounts). Newest first, by cursor.
 */
export async function directoryUsers(ctx: AppContext, caller: Caller, cursor?: string): Promise<Page<DirectoryUserDto>> {
  const keys = newestFirst(profiles.createdAt, profiles.id, cursor);
  const scope = isSuperAdmin(caller)
    ? undefined
    : sql`exists (select 1 from ${eventAttendees} where ${qualified(eventAttendees.userId)} = ${qualified(profiles.id)} and ${standsWith(caller.userId, eventAttendees.eventId, MANAGER)})`;
  const rows = await ctx.db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      userType: profiles.userType,
      companyOrInstitution: profiles.companyOrInstitution,
      createdAt: profiles.createdAt,
      key: keys.key,
    })
    .from(profiles)
    .where(and(scope, keys.where))
    .orderBy(...keys.orderBy)
    .limit(PAGE_SIZE + 1);
  const { items, nextCursor } = keys.page(rows, PAGE_SIZE);
  return { items: items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), nextCursor };
}

/**
 * Promote a volunteer of the event to co-owner (owner, co-owners, super admins). Promotion is an invitation the
 * volunteer accepts (issue 16, decision 0076): it is mailed to their address and listed on their dashboard, and the
 * co-ownership exists only once they say yes. The volunteer is already known to the organizer, so the answer names
 * them.
 */
export async function promoteToCoOwner(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  userId: string,
): Promise<{ userId: string; fullName: string; emailSent: boolean }> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  if (!isUuid(userId)) throw notFound(VOLUNTEER_NOT_FOUND_MESSAGE);
  const [volunteer] = await ctx.db
    .select({
      fullName: profiles.fullName,
      email: authUsers.email,
      isOwner: sql<boolean>`${events.createdBy} = ${userId}::uuid`,
      isCoOwner: sql<boolean>`exists (select 1 from ${eventCoOwners} where ${qualified(eventCoOwners.eventId)} = ${eventId}::uuid and ${qualified(eventCoOwners.userId)} = ${userId}::uuid)`,
    })
    .from(eventVolunteers)
    .innerJoin(profiles, eq(profiles.id, eventVolunteers.userId))
    .innerJoin(authUsers, eq(authUsers.id, eventVolunteers.userId))
    .innerJoin(events, eq(events.id, eventVolunteers.eventId))
    .where(and(eq(eventVolunteers.eventId, eventId), eq(eventVolunteers.userId, userId)));
  if (!volunteer) throw notFound(VOLUNTEER_NOT_FOUND_MESSAGE);
  if (volunteer.isOwner || volunteer.isCoOwner) throw conflict(ALREADY_CO_OWNER_MESSAGE, 'already_co_owner');
  const { sent } = await issueInvitation(ctx, {
    eventId,
    email: volunteer.email.toLowerCase(),
    role: 'co_owner',
    invitedBy: caller.userId,
    inviterName: caller.name,
  });
  return { userId, fullName: volunteer.fullName, emailSent: sent };
}

async function endCoOwnership(ctx: AppContext, eventId: string, userId: string): Promise<boolean> {
  const removed = await ctx.db
    .delete(eventCoOwners)
    .where(and(eq(eventCoOwners.eventId, eventId), eq(eventCoOwners.userId, userId)))
    .returning({ id: eventCoOwners.id });
  if (removed.length === 0) return false;
  await ctx.live.publish(liveTopics.userAccount(userId), { kind: 'account.updated' });
  return true;
}

/** The organizer takes a co-ownership back (owner, co-owners, super admins); the person stays a volunteer. */
export async function removeCoOwner(ctx: AppContext, caller: Caller, eventId: string, userId: string): Promise<void> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  if (!isUuid(userId) || !(await endCoOwnership(ctx, eventId, userId))) throw notFound(CO_OWNER_NOT_FOUND_MESSAGE);
}

/** A co-owner gives up their co-ownership themselves; they stay a volunteer. */
export async function leaveCoOwnership(ctx: AppContext, caller: Caller, eventId: string): Promise<void> {
  if (!isUuid(eventId) || !(await endCoOwnership(ctx, eventId, caller.userId))) throw notFound(CO_OWNER_NOT_FOUND_MESSAGE);
}
