import { and, count, countDistinct, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PlatformRole } from '@mingle/shared/core/constants';
import {
  OWN_SUPER_ADMIN_MESSAGE,
  TICKET_NOT_FOUND_MESSAGE,
  TICKET_TRANSITION_MESSAGE,
  TICKET_TRANSITIONS,
  type TicketAction,
} from '@mingle/shared/support/inputs';
import type { AdminEventDto, AdminStatsDto, QueueHealthDto } from '@mingle/shared/admin/contract';
import type { TicketDto } from '@mingle/shared/support/contract';
import type { Page } from '@mingle/shared/core/pagination';
import type { Caller } from '../../platform/auth/caller.ts';
import type { AppContext } from '../../context.ts';
import { authUsers, userRoles } from '../../platform/db/schema/auth.ts';
import { eventAttendees, events, eventVolunteers, goodieDistributions } from '../../platform/db/schema/events.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { supportTickets } from '../../platform/db/schema/support.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { newestFirst, PAGE_SIZE } from '../../platform/http/keyset.ts';
import { isUuid, qualified } from '../../platform/db/sql.ts';
import { undeliveredLastDay } from '../../platform/mail/mailer.ts';
import { notify } from '../notifications/index.ts';
import { ticketStatusChangedEmail } from '../support/index.ts';
import { msg } from '@mingle/shared/core/messages';

/** The six cards; Platform Health is a real round trip to the database, timed. */
export async function adminStats(ctx: AppContext): Promise<AdminStatsDto> {
  const started = performance.now();
  let healthy = true;
  try {
    await ctx.db.execute(sql`select 1`);
  } catch {
    healthy = false;
  }
  const databaseMs = Math.round(performance.now() - started);
  const [[users], [allEvents], [active], [volunteers], [goodies], [open]] = await Promise.all([
    ctx.db.select({ n: count() }).from(profiles),
    ctx.db.select({ n: count() }).from(events),
    // Active: not ended yet, whether it has started or not (spec 02: "end date is after now").
    ctx.db.select({ n: count() }).from(events).where(gt(events.endDate, sql`now()`)),
    ctx.db.select({ n: countDistinct(eventVolunteers.userId) }).from(eventVolunteers),
    ctx.db.select({ n: count() }).from(goodieDistributions),
    ctx.db.select({ n: count() }).from(supportTickets).where(inArray(supportTickets.status, ['open', 'in_progress'])),
  ]);
  return {
    totalUsers: users!.n,
    totalEvents: allEvents!.n,
    activeEvents: active!.n,
    totalVolunteers: volunteers!.n,
    goodiesDistributed: goodies!.n,
    openTickets: open!.n,
    health: { status: healthy && databaseMs < 1000 ? 'Good' : 'Degraded', databaseMs },
  };
}

/** The job queue's depth and failures, and the emails that did not arrive lately (the dashboard's Queue card). */
export async function queueHealth(ctx: AppContext): Promise<QueueHealthDto> {
  const [jobs, mailFailedLastDay] = await Promise.all([ctx.jobs.health(), undeliveredLastDay(ctx.db)]);
  return { ...jobs, mailFailedLastDay };
}

/** Replaces a user's platform roles; a super admin cannot take their own super_admin away (no lock-out). */
export async function setUserRoles(ctx: AppContext, caller: Caller, userId: string, roles: PlatformRole[]) {
  if (!isUuid(userId)) throw notFound(msg('User not found'));
  if (userId === caller.userId && !roles.includes('super_admin')) throw badRequest(OWN_SUPER_ADMIN_MESSAGE, 'own_super_admin');
  const wanted = [...new Set(roles)];
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, userId)).for('update');
    if (!user) throw notFound(msg('User not found'));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (wanted.length > 0) await tx.insert(userRoles).values(wanted.map((role) => ({ userId, role })));
    return { userId, roles: wanted.sort() };
  });
}

export async function adminEvents(ctx: AppContext, cursor?: string): Promise<Page<AdminEventDto>> {
  const keys = newestFirst(events.createdAt, events.id, cursor);
  const rows = await ctx.db
    .select({
      id: events.id,
      name: events.name,
      slug: events.slug,
      startDate: events.startDate,
      endDate: events.endDate,
      timezone: events.timezone,
      ownerName: profiles.fullName,
      attendees: sql<number>`(select count(*)::int from ${eventAttendees} where ${qualified(eventAttendees.eventId)} = ${qualified(events.id)})`,
      key: keys.key,
    })
    .from(events)
    .leftJoin(profiles, eq(profiles.id, events.createdBy))
    .where(keys.where)
    .orderBy(...keys.orderBy)
    .limit(PAGE_SIZE + 1);
  const result = keys.page(rows, PAGE_SIZE);
  return {
    ...result,
    items: result.items.map((row) => ({ ...row, startDate: row.startDate.toISOString(), endDate: row.endDate.toISOString() })),
  };
}

type TicketRow = typeof supportTickets.$inferSelect;
export function toTicketDto(row: TicketRow): TicketDto {
  return {
    id: row.id,
    userId: row.userId,
    eventId: row.eventId,
    userEmail: row.userEmail,
    userFullName: row.userFullName,
    userPhone: row.userPhone,
    subject: row.subject,
    description: row.description,
    ticketType: row.ticketType,
    status: row.status,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function adminTickets(ctx: AppContext, cursor?: string): Promise<Page<TicketDto>> {
  const keys = newestFirst(supportTickets.createdAt, supportTickets.id, cursor);
  const rows = await ctx.db
    .select({ ticket: supportTickets, key: keys.key })
    .from(supportTickets)
    .where(keys.where)
    .orderBy(...keys.orderBy)
    .limit(PAGE_SIZE + 1);
  const result = keys.page(rows, PAGE_SIZE);
  return { ...result, items: result.items.map((row) => toTicketDto(row.ticket)) };
}

/**
 * Start, Resolve or Close in one conditional update (the rule is in the where clause); stamps updated_at. The
 * ticket's creator, when it has an account, is told the new status in the same transaction (in app, by email and push,
 * as they chose).
 */
export async function applyTicketAction(ctx: AppContext, ticketId: string, action: TicketAction): Promise<TicketDto> {
  if (!isUuid(ticketId)) throw notFound(TICKET_NOT_FOUND_MESSAGE);
  const rule = TICKET_TRANSITIONS[action];
  const row = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(supportTickets)
      .set({ status: rule.to, updatedAt: sql`now()` })
      .where(and(eq(supportTickets.id, ticketId), inArray(supportTickets.status, [...rule.from])))
      .returning();
    if (changed?.userId) {
      const [event] = changed.eventId
        ? await tx.select({ name: events.name, logoUrl: events.logoUrl }).from(events).where(eq(events.id, changed.eventId))
        : [];
      await notify(ctx, tx, {
        userId: changed.userId,
        // The support team acts as the platform, not as a person the filer would block or reply to.
        actorId: null,
        eventId: changed.eventId,
        facts: { kind: 'ticket_status', subject: changed.subject, status: changed.status },
        email: (unsubscribeUrl) =>
          ticketStatusChangedEmail.with({
            publicUrl: ctx.config.publicUrl,
            unsubscribeUrl,
            recipientName: changed.userFullName,
            ticket: { subject: changed.subject, status: changed.status },
            event: event ?? null,
          }),
      });
    }
    return changed;
  });
  if (row) return toTicketDto(row);
  const [exists] = await ctx.db.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.id, ticketId));
  if (!exists) throw notFound(TICKET_NOT_FOUND_MESSAGE);
  throw conflict(TICKET_TRANSITION_MESSAGE, 'invalid_transition');
}
