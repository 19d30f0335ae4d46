import {
  CONTACT_PER_ADDRESS_PER_HOUR,
  CONTACT_PER_EMAIL_PER_HOUR,
  CONTACT_TOO_MANY_MESSAGE,
  TICKET_EVENT_NOT_FOUND_MESSAGE,
  type ContactInput,
  type TicketInput,
} from '@mingle/shared/support/inputs';
import type { ContactSubmissionDto, TicketDto } from '@mingle/shared/support/contract';
import type { Page } from '@mingle/shared/core/pagination';
import type { Caller } from '../../platform/auth/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { AppContext } from '../../context.ts';
import { contactFormSubmissions, supportTickets } from '../../platform/db/schema/support.ts';
import { rateLimitFor } from '../../platform/http/rate-limit.ts';
import { newestFirst, PAGE_SIZE } from '../../platform/http/keyset.ts';
import { loadEventRelation } from '../event-access/index.ts';

/**
 * Signed-in users file tickets; the name, email and phone they typed are kept on the ticket. A ticket about an event
 * (decision 0092) must name one the submitter takes part in, else 404 and nothing is written: that event's owner and
 * co-owners will read it.
 */
export async function createTicket(ctx: AppContext, caller: Caller, input: TicketInput): Promise<TicketDto> {
  if (input.eventId) {
    const relation = await loadEventRelation(ctx.db, caller, input.eventId);
    if (!relation || !Object.values(relation).some(Boolean)) throw notFound(TICKET_EVENT_NOT_FOUND_MESSAGE);
  }
  const [row] = await ctx.db
    .insert(supportTickets)
    .values({
      userId: caller.userId,
      eventId: input.eventId ?? null,
      userEmail: input.email,
      userFullName: input.fullName,
      userPhone: input.phone,
      subject: input.subject,
      description: input.description,
      ticketType: input.ticketType,
    })
    .returning();
  return {
    ...row!,
    createdAt: row!.createdAt.toISOString(),
    updatedAt: row!.updatedAt.toISOString(),
  };
}

// 3 submissions an hour per email address and 20 per client address (so typing a new email each time does not lift
// the limit), each counted by one atomic upsert in the database, so parallel submissions and several server
// processes share the same windows.
function contactLimits(ctx: AppContext) {
  const hourly = (prefix: string, points: number) =>
    rateLimitFor(ctx.db, { prefix, points, windowSeconds: 3600, message: CONTACT_TOO_MANY_MESSAGE });
  return { perEmail: hourly('contact', CONTACT_PER_EMAIL_PER_HOUR), perAddress: hourly('contact-ip', CONTACT_PER_ADDRESS_PER_HOUR) };
}

/** Counts the client address first, then the email: a refused request writes no submission. */
export async function submitContact(ctx: AppContext, input: ContactInput, clientAddress: string): Promise<void> {
  const limits = contactLimits(ctx);
  await limits.perAddress.consume(clientAddress);
  await limits.perEmail.consume(input.email);
  await ctx.db.insert(contactFormSubmissions).values({ fullName: input.fullName, email: input.email, message: input.message });
}

/** Contact form submissions for the super admin, newest first, a page at a time. */
export async function listContactSubmissions(ctx: AppContext, cursor?: string): Promise<Page<ContactSubmissionDto>> {
  const keys = newestFirst(contactFormSubmissions.createdAt, contactFormSubmissions.id, cursor);
  const rows = await ctx.db
    .select({ submission: contactFormSubmissions, key: keys.key })
    .from(contactFormSubmissions)
    .where(keys.where)
    .orderBy(...keys.orderBy)
    .limit(PAGE_SIZE + 1);
  const result = keys.page(rows, PAGE_SIZE);
  return {
    ...result,
    items: result.items.map(({ submission }) => ({ ...submission, createdAt: submission.createdAt.toISOString() })),
  };
}

