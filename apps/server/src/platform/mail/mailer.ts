import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../db/client.ts';
import { mailOutbox, type MailStatus, type StoredAttachment } from '../db/schema/mail.ts';
import type { Job, JobQueue, RetryPolicy } from '../jobs/queue.ts';
import type { Logger } from '../../logger.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer | string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra headers (nodemailer's `headers`): `List-Unsubscribe` and `List-Unsubscribe-Post` of non-essential mail. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Writes the message to the outbox and its delivery job through `tx`, the transaction of the write that causes
   * the email: a rollback sends nothing, a commit loses nothing. A worker (any server process) sends it after, with
   * retries, and records the outcome on the row. Without SMTP the row is only stored (the development mailbox).
   */
  enqueue(tx: DbOrTx, message: MailMessage): Promise<{ id: string; status: MailStatus }>;
  /** `enqueue` in a transaction of its own, for a caller that has none (Better Auth's callbacks). */
  queue(message: MailMessage): Promise<{ id: string; status: MailStatus }>;
  /** Resolves once no email waits for delivery or a retry (tests). */
  idle(): Promise<void>;
  /** Closes the SMTP connections (shutdown, after the job queue stopped). */
  close(): void;
}

export interface MailerDeps {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'isProduction' | 'publicUrl'>;
  db: Database;
  jobs: JobQueue;
  log: Logger;
  /** Tests shorten it; see MAIL_RETRY. */
  retry?: RetryPolicy;
}

const MAIL_QUEUE = 'mail';

/**
 * 10 retries after the first try, about 5 s, 10 s, 20 s... apart (each between 1x and 2x that): a mail server down
 * for well over an hour still gets every message. A try gets two minutes (the SMTP timeouts below are shorter).
 */
const MAIL_RETRY: RetryPolicy = { limit: 10, delaySeconds: 5, expireSeconds: 120 };

/** The longest error text kept on a row. */
const MAX_ERROR_LENGTH = 1000;
/** The largest total of attachments one message may carry (the row holds them until the outbox purge). */
const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/** An SMTP error, as nodemailer reports one. */
interface SmtpError {
  message: string;
  responseCode?: number;
  command?: string;
}

/**
 * The mail server refused the recipient or the message itself with a 5xx reply: trying again cannot help (a bounce).
 * A 5xx to anything else (say, AUTH) is our configuration's problem and is retried like a lost connection.
 */
function isBounce(error: SmtpError): boolean {
  return (error.responseCode ?? 0) >= 500 && (error.command === 'RCPT TO' || error.command === 'DATA');
}

/**
 * Outbound email as jobs. With SMTP_URL the worker sends through nodemailer (a small pool of connections, timeouts
 * kept short). Without it the message is only stored, status `stored`, and printed to the log so a developer sees
 * codes and links in the terminal and in the development mailbox; in production (MAIL_TRANSPORT=outbox) the body is
 * not printed (it holds sign-in codes and reset links), only a note that mail is not being sent.
 */
export async function createMailer({ config, db, jobs, log, retry = MAIL_RETRY }: MailerDeps): Promise<Mailer> {
  const transport = config.smtpUrl
    ? createTransport({
        url: config.smtpUrl,
        pool: true,
        maxConnections: 5,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null;
  const messageIdDomain = new URL(config.publicUrl).hostname;

  /** One try of one message; throws to have the queue retry it. */
  async function deliver(job: Job<{ id: string }>): Promise<void> {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, job.data.id));
    // Purged, or settled by an earlier try whose job was not marked done (the process stopped in between).
    if (!row || row.status !== 'queued' || !transport) return;
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
        attachments: (row.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.contentBase64, 'base64'),
        })),
        // The row's id: a retry of a message the server did take (its answer lost) is recognisably the same email.
        messageId: `<${row.id}@${messageIdDomain}>`,
      });
    } catch (caught) {
      const error = caught as SmtpError;
      const reason = String(error.message).slice(0, MAX_ERROR_LENGTH);
      const status: MailStatus = isBounce(error) ? 'bounced' : job.lastTry ? 'failed' : 'queued';
      await db
        .update(mailOutbox)
        .set({ status, error: reason, attempts: sql`${mailOutbox.attempts} + 1`, lastAttemptAt: sql`now()` })
        .where(eq(mailOutbox.id, row.id));
      (status === 'queued' ? log.warn : log.error)('mail: sending failed', { id: row.id, status, error: reason });
      if (status === 'queued' || status === 'failed') throw caught;
      return;
    }
    await db
      .update(mailOutbox)
      .set({ status: 'sent', error: null, sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, lastAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, row.id));
  }

  await jobs.work(MAIL_QUEUE, retry, deliver);

  async function enqueue(tx: DbOrTx, { to, subject, text, html, attachments, headers }: MailMessage) {
    const files: StoredAttachment[] = (attachments ?? []).map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      contentBase64: Buffer.from(file.content).toString('base64'),
    }));
    const bytes = files.reduce((total, file) => total + (file.contentBase64.length * 3) / 4, 0);
    if (bytes > MAX_ATTACHMENT_BYTES) throw new Error(`mail: attachments of ${bytes} bytes exceed ${MAX_ATTACHMENT_BYTES}`);
    const status: MailStatus = transport ? 'queued' : 'stored';
    const [row] = await tx
      .insert(mailOutbox)
      .values({ to, subject, text, html: html ?? null, attachments: files.length ? files : null, headers: headers ?? null, status })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail_outbox insert returned no row');
    if (transport) {
      await jobs.enqueue(tx, MAIL_QUEUE, { id: row.id });
    } else if (config.isProduction) {
      log.warn('mail: MAIL_TRANSPORT=outbox; message stored in the outbox, not sent', { id: row.id, subject });
    } else {
      log.info(`mail (not sent: SMTP_URL is not set) to ${to}: ${subject}\n${text}\n`, { id: row.id });
    }
    return { id: row.id, status };
  }

  return {
    enqueue,
    queue: (message) => db.transaction((tx) => enqueue(tx, message)),
    idle: () => jobs.drained(undefined, MAIL_QUEUE),
    close: () => transport?.close(),
  };
}

/** The outbox, newest first (development mailbox), without the attachments' bytes. */
export async function listOutbox(db: DbOrTx, { limit }: { limit: number }) {
  const bounded = Math.min(Math.max(Math.trunc(limit) || 1, 1), 500);
  const { attachments: _bytes, ...columns } = getTableColumns(mailOutbox);
  return db.select(columns).from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(bounded);
}

/** Emails that failed for good or bounced in the last 24 hours (the super admin's queue health). */
export async function undeliveredLastDay(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(sql`${mailOutbox.status} in ('failed', 'bounced') and ${mailOutbox.lastAttemptAt} > now() - interval '24 hours'`);
  return row?.count ?? 0;
}
