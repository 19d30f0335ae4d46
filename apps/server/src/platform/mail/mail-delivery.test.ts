import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { QUICK_MAIL_RETRY, type SmtpSink, startSmtpSink } from '../../test/mail.ts';
import { formatWhen } from './format.ts';
import { composeEmail } from './layout.tsx';
import { calendarAttachment, unsubscribeHeaders } from './render.ts';
import { mailTemplate } from './templates.ts';

/**
 * Email through the job queue to a real SMTP server started here, on PGlite and (TEST_DATABASE_URL) PostgreSQL:
 * the MIME that arrives, a rollback that sends nothing, a mail server that dies mid-batch, a bounce, and a failure
 * after the last retry. Retries are quick here (1 s, then 2 s...); production waits 5 s, then 10 s...
 */
let smtp: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpSink({ rejectRecipient: (address) => address.startsWith('nobody-') });
  server = await startTestServer({ SMTP_URL: smtp.url }, { mailRetry: QUICK_MAIL_RETRY });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const address = (label: string) => `${label}-${randomUUID()}@acme-test.com`;
const rowOf = async (id: string) => (await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('email goes out as a job, through SMTP', () => {
  it('arrives with its text and HTML parts, its headers and its attachment, and the row says sent', async () => {
    const to = address('mime');
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    const { id, status } = await server.ctx.mailer.queue({
      to,
      subject: 'Your ticket for Mingle Summit',
      text: 'See you there.',
      html: '<p>See you <b>there</b>.</p>',
      attachments: [{ filename: 'summit.ics', contentType: 'text/calendar', content: ics }],
      headers: unsubscribeHeaders('https://mingle.example/api/unsubscribe/t0k'),
    });
    expect(status).toBe('queued');
    await server.ctx.mailer.idle();

    const [mail, ...more] = smtp.to(to);
    expect(more).toHaveLength(0);
    const raw = mail!.raw;
    expect(raw).toMatch(/^Subject: Your ticket for Mingle Summit$/m);
    expect(raw).toMatch(new RegExp(`^To: ${to}$`, 'm'));
    expect(raw).toMatch(/^From: Mingle <no-reply@mingle\.local>$/m);
    expect(mail!.messageId).toBe(`<${id}@localhost>`);
    expect(raw).toMatch(/^Content-Type: multipart\/mixed/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toMatch(/^Content-Type: text\/plain/m);
    expect(raw).toContain('See you there.');
    expect(raw).toMatch(/^Content-Type: text\/html/m);
    expect(raw).toContain('<p>See you <b>there</b>.</p>');
    expect(raw).toMatch(/^Content-Type: text\/calendar; name=summit\.ics$/m);
    expect(raw).toMatch(/^Content-Disposition: attachment; filename=summit\.ics$/m);
    expect(raw).toContain(Buffer.from(ics).toString('base64'));
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/mingle\.example\/api\/unsubscribe\/t0k>$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1, error: null });
    expect((await rowOf(id)).sentAt).toBeInstanceOf(Date);
  });

  it('sends nothing when the transaction that wrote the email rolls back', async () => {
    const to = address('rollback');
    await expect(
      server.ctx.db.transaction(async (tx) => {
        await server.ctx.mailer.enqueue(tx, { to, subject: 'Never', text: 'This transaction fails.' });
        throw new Error('the write that caused the email failed');
      }),
    ).rejects.toThrow('the write that caused the email failed');
    await server.ctx.mailer.idle();
    expect(await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).toEqual([]);
    expect(smtp.to(to)).toEqual([]);
  });

  it('delivers every email of a batch exactly once when the mail server dies mid-batch and comes back', async () => {
    const recipients = Array.from({ length: 50 }, (_, n) => address(`batch${n}`));
    const ids: string[] = [];
    for (const to of recipients) ids.push((await server.ctx.mailer.queue({ to, subject: 'Batch', text: `For ${to}` })).id);

    // Some of the batch has arrived: the server dies with connections open, and stays down a while.
    const arrivedBefore = () => recipients.filter((to) => smtp.to(to).length > 0).length;
    while (arrivedBefore() < 5) await new Promise((resolve) => setTimeout(resolve, 20));
    await smtp.kill();
    const duringOutage = arrivedBefore();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await smtp.restart();
    await server.ctx.mailer.idle();

    expect(duringOutage).toBeLessThan(50); // the outage did interrupt the batch
    for (const to of recipients) expect(smtp.to(to)).toHaveLength(1);
    const rows = await server.ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'sent'));
    // Some emails needed more than one try: their rows count them.
    expect(rows.some((row) => row.attempts > 1)).toBe(true);
  }, 60_000);

  it('does not retry a recipient the mail server refuses for good (5xx): the row says bounced, with the reason', async () => {
    const to = address('nobody');
    const { id } = await server.ctx.mailer.queue({ to, subject: 'Hello', text: 'Anyone there?' });
    await server.ctx.mailer.idle();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'bounced', attempts: 1, sentAt: null });
    expect(row.error).toMatch(/550|No such mailbox/);
    expect(smtp.to(to)).toEqual([]);
  });

  it('after the last retry marks the email failed with the reason and dead-letters its job', async () => {
    const before = await server.ctx.jobs.health();
    await smtp.kill();
    try {
      const { id } = await server.ctx.mailer.queue({ to: address('unlucky'), subject: 'Hello', text: 'Nobody listens.' });
      await server.ctx.mailer.idle();
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'failed', attempts: 4, sentAt: null });
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      const after = await server.ctx.jobs.health();
      expect(after.deadLettered).toBe(before.deadLettered + 1);
      expect(after.failedLastDay).toBe(before.failedLastDay + 1);
      expect(after).toMatchObject({ waiting: 0, active: 0 });
    } finally {
      await smtp.restart();
    }
  }, 60_000);
});

/** A message as an area defines one; its date prop travels through the row as JSON. */
const reminder = mailTemplate('test-reminder', async ({ name, startsAt }: { name: string; startsAt: Date | string }) => ({
  ...(await composeEmail({
    unsubscribeUrl: 'https://mingle.example/api/unsubscribe/t0k',
    subject: `${name} starts soon`,
    preview: 'Soon',
    publicUrl: 'https://mingle.example',
    heading: `${name} starts soon`,
    reason: 'A test.',
    children: `It starts ${formatWhen(startsAt, 'UTC')}.`,
  })),
  attachments: [calendarAttachment('session.ics', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n')],
}));

describe('a templated email is rendered by the worker', () => {
  it('is queued as its name and props, in the transaction, and arrives rendered with its headers and attachment', async () => {
    const to = address('templated');
    const startsAt = new Date('2026-12-01T09:30:00Z');
    const id = await server.ctx.db.transaction(async (tx) => {
      const queued = await server.ctx.mailer.enqueue(tx, reminder.to(to, { name: 'Keynote', startsAt }));
      // Before the commit no worker can see it: the row holds what the worker will render, nothing rendered yet.
      const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
      expect(row).toMatchObject({ template: 'test-reminder', props: { name: 'Keynote', startsAt: startsAt.toISOString() }, subject: null, text: null, html: null });
      return queued.id;
    });
    await server.ctx.mailer.idle();

    const [mail, ...more] = smtp.to(to);
    expect(more).toHaveLength(0);
    const raw = mail!.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^Subject: Keynote starts soon\r?$/m);
    expect(raw).toMatch(/^Content-Type: text\/html/m);
    expect(raw).toMatch(/^Content-Disposition: attachment; filename=session\.ics\r?$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, subject: 'Keynote starts soon' });
    expect(row.text).toContain('Tuesday, 1 December 2026 at 09:30 UTC (UTC)');
    expect(row.html).toContain('Keynote starts soon');
  });

  it('fails for good, with the reason, when no template of its name exists; nothing is sent', async () => {
    const to = address('untemplated');
    const { id } = await server.ctx.mailer.queue({ to, template: 'no-such-message', props: {} });
    await server.ctx.mailer.idle();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 4, subject: null, sentAt: null });
    expect(row.error).toBe('rendering failed: mail: no template no-such-message is defined');
    expect(smtp.to(to)).toEqual([]);
  }, 60_000);
});
