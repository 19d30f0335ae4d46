import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  CONTACT_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TYPES,
  type ContactStatus,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
} from '@mingle/shared/core/constants';
import { authUsers } from './auth.ts';
import { events } from './events.ts';
import { inList } from './sql-helpers.ts';

/**
 * Support tickets. The submitter's name, email and phone are copied onto the ticket, so a ticket stays readable
 * (and answerable) after its author's account is deleted (user_id set null).
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    /**
     * The event the submitter filed the ticket about, if any (decision 0092): its owner and co-owners handle it on
     * the manager Tickets tab. Null: a platform ticket, for super admins only.
     */
    eventId: uuid().references(() => events.id, { onDelete: 'set null' }),
    userEmail: text().notNull(),
    userFullName: text().notNull(),
    userPhone: text(),
    subject: text().notNull(),
    description: text().notNull(),
    ticketType: text().$type<TicketType>().notNull(),
    status: text().$type<TicketStatus>().notNull().default('open'),
    priority: text().$type<TicketPriority>().notNull().default('medium'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_status_created_idx').on(t.status, t.createdAt),
    // All tickets newest first, paginated by (created_at, id).
    index('support_tickets_created_idx').on(t.createdAt, t.id),
    index('support_tickets_user_id_idx').on(t.userId),
    // The manager Tickets tab: an event's tickets newest first.
    index('support_tickets_event_created_idx').on(t.eventId, t.createdAt, t.id),
    check('support_tickets_ticket_type_check', inList(t.ticketType, TICKET_TYPES)),
    check('support_tickets_status_check', inList(t.status, TICKET_STATUSES)),
    check('support_tickets_priority_check', inList(t.priority, TICKET_PRIORITIES)),
  ],
);

/** Messages from the public contact form; (email, created_at) serves the per-email rate limit. */
export const contactFormSubmissions = pgTable(
  'contact_form_submissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    fullName: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    status: text().$type<ContactStatus>().notNull().default('new'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_form_submissions_email_created_idx').on(t.email, t.createdAt),
    index('contact_form_submissions_status_created_idx').on(t.status, t.createdAt),
    // All submissions newest first (the super admin's contact list), paginated by (created_at, id).
    index('contact_form_submissions_created_idx').on(t.createdAt, t.id),
    check('contact_form_submissions_status_check', inList(t.status, CONTACT_STATUSES)),
  ],
);
