import { desc, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../db/client.ts';
import { mailOutbox, type MailStatus } from '../db/schema/mail.ts';
import type { Logger } from '../../logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Writes the message to the outbox, then sends it through SMTP when SMTP_URL is set. Never throws because
   * delivery failed: the row ends `failed` with the reason, and the failure is logged. (A failure to write the
   * outbox row itself, i.e. a database error, does throw.) Call it after the caller's transaction, not inside it:
   * it writes through the mailer's own database handle and may wait seconds for SMTP (on PGlite, with its single
   * connection, a call inside a transaction would wait for that transaction forever).
   */
  send(message: MailMessage): Promise<{ id: string; status: MailStatus }>;
  /**
   * Writes the message to the outbox and returns at once: SMTP delivery happens after, off the request path (the
   * row goes `queued` -> `sent` or `failed`). For mail whose timing must not tell anything about the recipient
   * (password reset, sign-up codes): the caller's answer never waits on, or varies with, the mail server.
   */
  queue(message: MailMessage): Promise<{ id: string }>;
  /** Resolves once every queued delivery has finished (tests, shutdown). */
  idle(): Promise<void>;
}

export interface MailerDeps {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'isProduction'>;
  db: Database;
  log: Logger;
}

/** The longest error text kept on a failed row. */
const MAX_ERROR_LENGTH = 1000;

/**
 * Outbound email. With SMTP_URL the message goes through nodemailer (timeouts kept short: a sign-up waits for its
 * code email, unless sent with `queue`). Without it the message is only stored, status `stored`, and printed to the log so a developer sees
 * codes and links in the terminal and in the development mailbox; in production the body is not printed (it holds
 * sign-in codes and reset links), only a warning that mail is not being sent.
 */
export function createMailer({ config, db, log }: MailerDeps): Mailer {
  const transport = config.smtpUrl
    ? createTransport({
        url: config.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null;

  /** Writes the outbox row; `stored` when SMTP is off (and logged for the developer), else `queued`. */
  async function store({ to, subject, text, html }: MailMessage): Promise<{ id: string; queued: boolean }> {
    const [row] = await db
      .insert(mailOutbox)
      .values({ to, subject, text, html: html ?? null, status: transport ? 'queued' : 'stored' })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail_outbox insert returned no row');
    const { id } = row;
    if (!transport) {
      if (config.isProduction) {
        log.warn('mail: SMTP_URL is not set; message stored in the outbox, not sent', { id, subject });
      } else {
        log.info(`mail (not sent: SMTP_URL is not set) to ${to}: ${subject}\n${text}\n`, { id });
      }
    }
    return { id, queued: Boolean(transport) };
  }

  /** Sends a stored row through SMTP and records the outcome; never throws. */
  async function deliver(id: string, { to, subject, text, html }: MailMessage): Promise<MailStatus> {
    if (!transport) return 'stored';
    let failure: string | null = null;
    try {
      await transport.sendMail({ from: config.mailFrom, to, subject, text, ...(html ? { html } : {}) });
    } catch (error) {
      failure = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      log.error('mail: sending failed', { id, subject, error: failure });
    }
    try {
      await db
        .update(mailOutbox)
        .set(failure === null ? { status: 'sent', sentAt: new Date() } : { status: 'failed', error: failure })
        .where(eq(mailOutbox.id, id));
    } catch (error) {
      log.error('mail: could not record the outcome', { id, error: (error as Error).message });
    }
    return failure === null ? 'sent' : 'failed';
  }

  const inFlight = new Set<Promise<unknown>>();

  return {
    async send(message) {
      const { id, queued } = await store(message);
      if (!queued) return { id, status: 'stored' };
      return { id, status: await deliver(id, message) };
    },
    async queue(message) {
      const { id, queued } = await store(message);
      if (queued) {
        // Delivered after the caller has answered: setImmediate leaves the current request's work first.
        const delivery: Promise<unknown> = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => deliver(id, message))
          .finally(() => inFlight.delete(delivery));
        inFlight.add(delivery);
      }
      return { id };
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type OutboxMessage = typeof mailOutbox.$inferSelect;

/** The outbox, newest first (development mailbox). */
export async function listOutbox(db: DbOrTx, { limit }: { limit: number }): Promise<OutboxMessage[]> {
  const bounded = Math.min(Math.max(Math.trunc(limit) || 1, 1), 500);
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(bounded);
}
