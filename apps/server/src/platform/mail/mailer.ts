import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../db/client.ts';
import { mailOutbox, type MailStatus, type StoredAttachment } from '../db/schema/mail.ts';
import type { Job, JobQueue, RetryPolicy } from '../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import { accountLanguages } from './recipient-language.ts';
import { renderTemplate, type TemplatedMail } from './templates.ts';

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
   * A templated message (`template.to(address, props)`) is rendered by the worker, not here.
   */
  enqueue(tx: DbOrTx, message: MailMessage | TemplatedMail): Promise<{ id: string; status: MailStatus }>;
  /** `enqueue` for many messages, in one insert of rows and one of jobs: their ids in the messages' order. */
  enqueueMany(tx: DbOrTx, messages: Array<MailMessage | TemplatedMail>): Promise<Array<{ id: string; status: MailStatus }>>;
  /** `enqueue` in a transaction of its own, for a caller that has none (Better Auth's callbacks). */
  queue(message: MailMessage | TemplatedMail): Promise<{ id: string; status: MailStatus }>;
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

type OutboxRow = typeof mailOutbox.$inferSelect;

/** A message's files as the row keeps them (base64), refused above the size limit. */
function storedAttachments(attachments: MailAttachment[] | undefined): StoredAttachment[] | null {
  const files: StoredAttachment[] = (attachments ?? []).map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    contentBase64: Buffer.from(file.content).toString('base64'),
  }));
  const bytes = files.reduce((total, file) => total + (file.contentBase64.length * 3) / 4, 0);
  if (bytes > MAX_ATTACHMENT_BYTES) throw new Error(`mail: attachments of ${bytes} bytes exceed ${MAX_ATTACHMENT_BYTES}`);
  return files.length ? files : null;
}

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
        // One per job a worker's batch sends side by side (BATCH_SIZE): an SMTP transaction is a few round trips of
        // waiting, so nodemailer's default of 5 left half a batch queued behind the other half (152 against 188
        // emails/s in bench/mail-throughput.mjs).
        maxConnections: 10,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null;
  const messageIdDomain = new URL(config.publicUrl).hostname;

  /** Records a failed try on the row: retried while tries are left, `failed` (or `bounced`) for good after. */
  async function recordFailure(id: string, status: MailStatus, reason: string) {
    await db
      .update(mailOutbox)
      .set({ status, error: reason.slice(0, MAX_ERROR_LENGTH), attempts: sql`${mailOutbox.attempts} + 1`, lastAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    (status === 'queued' ? log.warn : log.error)('mail: sending failed', { id, status, error: reason });
  }

  /**
   * Renders the templated rows of a batch and writes the results on them in one statement (the row keeps what was
   * sent). A message that cannot be rendered, or renders too large, is retried like a failed send
   * and then fails for good: it is added to `failures`. Answers the rows as rendered.
   */
  async function renderRows(rows: OutboxRow[], jobOf: Map<string, Job<{ id: string }>>, failures: Map<string, unknown>): Promise<OutboxRow[]> {
    const rendered: Array<Pick<OutboxRow, 'id' | 'subject' | 'text' | 'html' | 'attachments' | 'headers'>> = [];
    const languages = await accountLanguages(db, rows.map((row) => row.to));
    for (const row of rows) {
      try {
        const message = await renderTemplate(row.template ?? '', row.props, languages.get(row.to.toLowerCase()));
        rendered.push({
          id: row.id,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: storedAttachments(message.attachments),
          headers: message.headers ?? null,
        });
      } catch (caught) {
        const job = jobOf.get(row.id)!;
        await recordFailure(row.id, job.lastTry ? 'failed' : row.status, `rendering failed: ${String((caught as Error).message)}`);
        failures.set(job.id, caught);
      }
    }
    if (rendered.length === 0) return [];
    const values = sql`jsonb_to_recordset(${JSON.stringify(rendered)}::jsonb)
      as r("id" uuid, "subject" text, "text" text, "html" text, "attachments" jsonb, "headers" jsonb)`;
    // Only rows still unrendered: a row another try rendered meanwhile is that try's to send. Only the ids come back:
    // the renderings are here already, and reading a batch's HTML back from the database is work for both sides.
    const updated = await db
      .update(mailOutbox)
      .set({ subject: sql`r."subject"`, text: sql`r."text"`, html: sql`r."html"`, attachments: sql`r."attachments"`, headers: sql`r."headers"` })
      .from(values)
      .where(and(sql`${mailOutbox.id} = r."id"`, isNull(mailOutbox.subject)))
      .returning({ id: mailOutbox.id });
    const ours = new Set(updated.map((row) => row.id));
    const renderingOf = new Map(rendered.map((message) => [message.id, message]));
    return rows.filter((row) => ours.has(row.id)).map((row) => ({ ...row, ...renderingOf.get(row.id)! }));
  }

  /**
   * One try of one message through SMTP. Answers whether it was sent and, for a failure to retry (or to dead-letter
   * after the last try), its error; a bounce is recorded and settled.
   */
  async function send(row: OutboxRow, job: Job<{ id: string }>): Promise<{ sent: boolean; error?: unknown }> {
    try {
      await transport!.sendMail({
        from: config.mailFrom,
        to: row.to,
        subject: row.subject ?? '',
        text: row.text ?? '',
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
      return { sent: true };
    } catch (caught) {
      const error = caught as SmtpError;
      const status: MailStatus = isBounce(error) ? 'bounced' : job.lastTry ? 'failed' : 'queued';
      await recordFailure(row.id, status, String(error.message));
      return status === 'bounced' ? { sent: false } : { sent: false, error: caught };
    }
  }

  /**
   * One try of each message of a batch: one query reads their rows, one writes what was rendered, the sends run side
   * by side (the transport's pool), one query marks the sent ones. Answers the jobs to retry, with their errors.
   */
  async function deliver(batch: Array<Job<{ id: string }>>): Promise<Map<string, unknown>> {
    const failures = new Map<string, unknown>();
    const jobOf = new Map(batch.map((job) => [job.data.id, job]));
    const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, [...jobOf.keys()]));
    const unrendered = rows.filter((row) => row.subject === null);
    const ready = [...rows.filter((row) => row.subject !== null), ...(await renderRows(unrendered, jobOf, failures))];
    // Missing rows were purged; a row no longer queued was settled by an earlier try whose job was not marked done.
    // (Delivery jobs exist only with SMTP: `enqueue` writes none without a transport.)
    const due = ready.filter((row) => row.status === 'queued');
    const outcomes = await Promise.all(due.map((row) => send(row, jobOf.get(row.id)!)));
    outcomes.forEach(({ error }, index) => {
      if (error) failures.set(jobOf.get(due[index]!.id)!.id, error);
    });
    const sent = due.filter((_, index) => outcomes[index]!.sent);
    if (sent.length > 0) {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', error: null, sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, lastAttemptAt: sql`now()` })
        .where(and(inArray(mailOutbox.id, sent.map((row) => row.id)), eq(mailOutbox.status, 'queued')));
    }
    return failures;
  }

  await jobs.workBatch(MAIL_QUEUE, retry, deliver);

  /**
   * Writes the row (and, with SMTP, its delivery job). Without SMTP nothing will send it: in development a templated
   * message is rendered here, so the terminal and the development mailbox show its text and links at once; in
   * production (MAIL_TRANSPORT=outbox, on purpose) it is kept as its template and props, and only noted in the log
   * (never its body: it may hold a sign-in code or a reset link).
   */
  async function enqueueMany(tx: DbOrTx, queued: Array<MailMessage | TemplatedMail>) {
    if (queued.length === 0) return [];
    const status: MailStatus = transport ? 'queued' : 'stored';
    const renderNow = !transport && !config.isProduction;
    const languages = renderNow ? await accountLanguages(tx, queued.filter((one) => 'template' in one).map((one) => one.to)) : new Map();
    const messages = await Promise.all(
      queued.map(async (one) =>
        'template' in one && renderNow
          ? { to: one.to, ...(await renderTemplate(one.template, one.props, languages.get(one.to.toLowerCase()))) }
          : one,
      ),
    );
    // The ids are made here, so each message keeps its own without relying on the order of returned rows.
    const ids = messages.map(() => randomUUID());
    await tx.insert(mailOutbox).values(
      messages.map((message, index) => ({
        id: ids[index],
        to: message.to,
        status,
        ...('template' in message
          ? { template: message.template, props: message.props }
          : {
              subject: message.subject,
              text: message.text,
              html: message.html ?? null,
              attachments: storedAttachments(message.attachments),
              headers: message.headers ?? null,
            }),
      })),
    );
    if (transport) {
      await jobs.enqueueMany(tx, MAIL_QUEUE, ids.map((id) => ({ id })));
    } else {
      messages.forEach((message, index) => {
        const id = ids[index];
        if (config.isProduction) {
          const about = 'template' in message ? { template: message.template } : { subject: message.subject };
          log.warn('mail: MAIL_TRANSPORT=outbox; message stored in the outbox, not sent', { id, ...about });
        } else if (!('template' in message)) {
          log.info(`mail (not sent: SMTP_URL is not set) to ${message.to}: ${message.subject}\n${message.text}\n`, { id });
        }
      });
    }
    return ids.map((id) => ({ id, status }));
  }

  const enqueue = async (tx: DbOrTx, message: MailMessage | TemplatedMail) => (await enqueueMany(tx, [message]))[0]!;
  return {
    enqueue,
    enqueueMany,
    queue: (message) => db.transaction((tx) => enqueue(tx, message)),
    idle: () => jobs.drained(undefined, MAIL_QUEUE),
    close: () => transport?.close(),
  };
}

/** The rendered messages of the outbox, newest first (development mailbox), without the attachments' bytes. */
export async function listOutbox(db: DbOrTx, { limit }: { limit: number }) {
  const bounded = Math.min(Math.max(Math.trunc(limit) || 1, 1), 500);
  const { attachments: _bytes, template: _template, props: _props, subject, text, ...columns } = getTableColumns(mailOutbox);
  return db
    .select({ ...columns, subject: sql<string>`${subject}`, text: sql<string>`${text}` })
    .from(mailOutbox)
    .where(isNotNull(subject))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(bounded);
}

/** Emails that failed for good or bounced in the last 24 hours (the super admin's queue health). */
export async function undeliveredLastDay(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(sql`${mailOutbox.status} in ('failed', 'bounced') and ${mailOutbox.lastAttemptAt} > now() - interval '24 hours'`);
  return row?.count ?? 0;
}
