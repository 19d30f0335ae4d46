import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { inList } from './sql-helpers.ts';

/**
 * Where a message stands: `stored` (no SMTP configured: kept here for the development mailbox), `queued` (handed
 * to SMTP, no answer yet; a row left queued means the process stopped mid-send), `sent`, `failed` (with `error`).
 */
export const MAIL_STATUSES = ['stored', 'queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Every outbound email, written before it is sent (platform/mail/mailer.ts); the development mailbox reads it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    status: text().$type<MailStatus>().notNull(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Newest first (development mailbox), ties broken by id.
    index('mail_outbox_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    check('mail_outbox_status_check', inList(t.status, MAIL_STATUSES)),
  ],
);
