import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ManagerTicketAction } from '@mingle/shared/manager-dashboard/inputs';
import type { TicketDto } from '@mingle/shared/support/contract';
import { TICKET_NOT_FOUND_MESSAGE, TICKET_TRANSITION_MESSAGE, TICKET_TRANSITIONS } from '@mingle/shared/support/inputs';
import type { Page } from '@mingle/shared/core/pagination';
import type { Caller } from '../../platform/auth/caller.ts';
import type { AppContext } from '../../context.ts';
import { supportTickets } from '../../platform/db/schema/support.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { newestFirst, PAGE_SIZE } from '../../platform/http/keyset.ts';
import { isSuperAdmin, MANAGER, standsWith } from '../event-access/index.ts';
import { isUuid } from '../../platform/db/sql.ts';

/**
 * The tickets a manager handles (decision 0092): a super admin all of them; anyone else the tickets filed about an
 * event they created or co-own. Who the submitter is, and how they stand with the caller's events (attendee,
 * volunteer...), never widens it: a ticket without an event is the super admins' alone.
 */
function ticketScope(caller: Caller): SQL | undefined {
  return isSuperAdmin(caller) ? undefined : standsWith(caller.userId, supportTickets.eventId, MANAGER);
}

function toDto(row: typeof supportTickets.$inferSelect): TicketDto {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The tickets in the caller's scope, newest first, by cursor. */
export async function managerTickets(ctx: AppContext, caller: Caller, cursor?: string): Promise<Page<TicketDto>> {
  const keys = newestFirst(supportTickets.createdAt, supportTickets.id, cursor);
  const rows = await ctx.db
    .select({ ticket: supportTickets, key: keys.key })
    .from(supportTickets)
    .where(and(ticketScope(caller), keys.where))
    .orderBy(...keys.orderBy)
    .limit(PAGE_SIZE + 1);
  const { items, nextCursor } = keys.page(rows, PAGE_SIZE);
  return { items: items.map((row) => toDto(row.ticket)), nextCursor };
}

/**
 * Start or Resolve in one conditional UPDATE: the spec's enabling rule and the caller's scope are in its WHERE, and
 * it stamps updated_at. A ticket outside the scope is a 404; one whose status forbids the move a 409.
 */
export async function managerTicketAction(
  ctx: AppContext,
  caller: Caller,
  ticketId: string,
  action: ManagerTicketAction,
): Promise<TicketDto> {
  if (!isUuid(ticketId)) throw notFound(TICKET_NOT_FOUND_MESSAGE);
  const rule = TICKET_TRANSITIONS[action];
  const scope = ticketScope(caller);
  const [row] = await ctx.db
    .update(supportTickets)
    .set({ status: rule.to, updatedAt: sql`now()` })
    .where(and(eq(supportTickets.id, ticketId), inArray(supportTickets.status, [...rule.from]), scope))
    .returning();
  if (row) return toDto(row);
  const [visible] = await ctx.db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), scope));
  if (!visible) throw notFound(TICKET_NOT_FOUND_MESSAGE);
  throw conflict(TICKET_TRANSITION_MESSAGE, 'invalid_transition');
}
