import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MAIL_STATUSES, type MailStatus } from '@mingle/shared/core/constants';
import { inList } from './sql-helpers.ts';

export { MAIL_STATUSES, type MailStatus };

/** A file sent with a message; its bytes travel base64-encoded in the row, so any process can deliver it. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * Every outbound email, written in the transaction that causes it, with the delivery job (platform/mail/mailer.ts);
 * the worker records the outcome here, and the development mailbox reads it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    /** Null until the worker renders a templated message (platform/mail/templates.ts). */
    subject: text(),
    text: text(),
    html: text(),
    attachments: jsonb().$type<StoredAttachment[]>(),
    /** Extra headers the worker sends (the one-click unsubscribe of a non-essential email). */
    headers: jsonb().$type<Record<string, string>>(),
    /** A templated message's template name and props, rendered by the worker; null for a message rendered when queued. */
    template: text(),
    props: jsonb().$type<unknown>(),
    status: text().$type<MailStatus>().notNull(),
    /** The last try's error; for `failed` and `bounced`, the reason. */
    error: text(),
    /** Tries made so far (each one an SMTP conversation). */
    attempts: integer().notNull().default(0),
    lastAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Newest first (development mailbox), ties broken by id.
    index('mail_outbox_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // Mail that failed or bounced lately (the super admin's queue health).
    index('mail_outbox_undelivered_idx').on(t.lastAttemptAt).where(sql`status in ('failed', 'bounced')`),
    check('mail_outbox_status_check', inList(t.status, MAIL_STATUSES)),
    // A message is either rendered or renderable.
    check('mail_outbox_content_check', sql`(${t.subject} is not null and ${t.text} is not null) or ${t.template} is not null`),
  ],
);
