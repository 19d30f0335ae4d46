import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { openDatabase, runMigrations, type DatabaseHandle } from '../../platform/db/client.ts';
import { devMailboxRoutes } from './routes.ts';
import { createRouter } from '../../platform/http/env.ts';
import type { Logger } from '../../logger.ts';
import { startJobQueue, type JobQueue } from '../../platform/jobs/queue.ts';
import { createMailer, listOutbox } from '../../platform/mail/mailer.ts';
import { mailTemplate } from '../../platform/mail/templates.ts';
import { mailOutbox } from '../../platform/db/schema/mail.ts';

interface Entry {
  level: string;
  message: string;
  details?: Record<string, unknown>;
}

function recordingLogger(): Logger & { entries: Entry[] } {
  const entries: Entry[] = [];
  const at = (level: string) => (message: string, details?: Record<string, unknown>) => {
    entries.push({ level, message, details });
  };
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

const config = (overrides: { isProduction?: boolean } = {}) => ({
  smtpUrl: undefined,
  publicUrl: 'http://localhost:3000',
  mailFrom: 'Mingle <no-reply@mingle.local>',
  isProduction: false,
  ...overrides,
});

const welcome = mailTemplate('test-welcome', async ({ name }: { name: string }) => ({
  subject: `Welcome, ${name}`,
  text: `Hello ${name}`,
  html: `<p>Hello ${name}</p>`,
}));

describe('mailer', () => {
  let handle: DatabaseHandle;
  let jobs: JobQueue;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL; // migrated by global-setup
    handle = await openDatabase({ url });
    if (!url) await runMigrations(handle);
    jobs = await startJobQueue(handle, recordingLogger(), { schema: `jobs_${randomUUID().replaceAll('-', '').slice(0, 20)}` });
  });
  afterAll(async () => {
    await jobs.stop();
    await handle.close();
  });

  // Sending through SMTP, retries and bounces: platform/mail/mail-delivery.test.ts.
  it('without SMTP stores the message, prints it to the log, and lists the outbox newest first', async () => {
    const log = recordingLogger();
    const mailer = await createMailer({ config: config(), db: handle.db, jobs, log });
    const to = `dev-${randomUUID()}@acme-test.com`;
    const results = [];
    for (const n of [1, 2, 3]) {
      results.push(await mailer.queue({ to, subject: `Code ${n}`, text: `Your code is 12345${n}` }));
      // PGlite's clock counts milliseconds: rows made within one millisecond tie on created_at.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    expect(results.map((r) => r.status)).toEqual(['stored', 'stored', 'stored']);
    const printed = log.entries.map((e) => e.message).join('\n');
    expect(printed).toContain(to);
    expect(printed).toContain('Code 3');
    expect(printed).toContain('Your code is 123453');

    const outbox = (await listOutbox(handle.db, { limit: 100 })).filter((m) => m.to === to);
    expect(outbox.map((m) => m.subject)).toEqual(['Code 3', 'Code 2', 'Code 1']);
    expect(outbox[0]).toMatchObject({ id: results[2]!.id, status: 'stored', text: 'Your code is 123453', html: null, error: null, sentAt: null });
    expect(outbox[0]!.createdAt).toBeInstanceOf(Date);
    expect(await listOutbox(handle.db, { limit: 2 })).toHaveLength(2);
  });

  it('without SMTP renders a templated message when it is queued: the mailbox lists it and the log prints it at once', async () => {
    const log = recordingLogger();
    const mailer = await createMailer({ config: config(), db: handle.db, jobs, log });
    const to = `tpl-${randomUUID()}@acme-test.com`;
    const { id, status } = await mailer.queue(welcome.to(to, { name: 'Ada' }));
    expect(status).toBe('stored');
    const [listed] = (await listOutbox(handle.db, { limit: 100 })).filter((m) => m.to === to);
    expect(listed).toMatchObject({ id, status: 'stored', subject: 'Welcome, Ada', text: 'Hello Ada', html: '<p>Hello Ada</p>' });
    expect(log.entries.map((e) => e.message).join('\n')).toContain('Welcome, Ada\nHello Ada');
  });

  it('in production without SMTP keeps a templated message as its template and props, renders nothing and prints no body', async () => {
    const log = recordingLogger();
    const mailer = await createMailer({ config: config({ isProduction: true }), db: handle.db, jobs, log });
    const to = `tpl-prod-${randomUUID()}@acme-test.com`;
    const { id, status } = await mailer.queue(welcome.to(to, { name: 'Grace' }));
    expect(status).toBe('stored');
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ template: 'test-welcome', props: { name: 'Grace' }, subject: null, text: null, html: null });
    expect(JSON.stringify(log.entries)).not.toContain('Hello Grace');
    expect(log.entries).toContainEqual({ level: 'warn', message: 'mail: MAIL_TRANSPORT=outbox; message stored in the outbox, not sent', details: { id, template: 'test-welcome' } });
  });

  it('in production without SMTP stores the message but never prints its body', async () => {
    const log = recordingLogger();
    const mailer = await createMailer({ config: config({ isProduction: true }), db: handle.db, jobs, log });
    const result = await mailer.queue({ to: `p-${randomUUID()}@acme-test.com`, subject: 'Reset', text: 'secret-link' });
    expect(result.status).toBe('stored');
    expect(JSON.stringify(log.entries)).not.toContain('secret-link');
    expect(log.entries.some((e) => e.level === 'warn')).toBe(true);
  });

  describe('development mailbox route', () => {
    function app(isProduction: boolean) {
      const router = createRouter();
      const ctx = { config: { isProduction, devTools: { mailbox: !isProduction } }, db: handle.db } as unknown as AppContext;
      router.use('*', async (c, next) => {
        c.set('ctx', ctx);
        c.set('caller', null);
        await next();
      });
      router.route('/api/dev/mailbox', devMailboxRoutes());
      return router;
    }

    it('lists the newest messages to anyone in development', async () => {
      const mailer = await createMailer({ config: config(), db: handle.db, jobs, log: recordingLogger() });
      const to = `box-${randomUUID()}@acme-test.com`;
      const sent = await mailer.queue({ to, subject: 'Your code', text: 'Code: 424242' });
      const response = await app(false).request('/api/dev/mailbox');
      expect(response.status).toBe(200);
      const body = (await response.json()) as { messages: Array<Record<string, unknown>> };
      expect(body.messages.length).toBeLessThanOrEqual(100);
      const mine = body.messages.find((m) => m.id === sent.id);
      expect(mine).toEqual({
        id: sent.id,
        to,
        subject: 'Your code',
        text: 'Code: 424242',
        html: null,
        status: 'stored',
        error: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const times = body.messages.map((m) => Date.parse(m.createdAt as string));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('does not exist in production', async () => {
      const response = await app(true).request('/api/dev/mailbox');
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    });
  });
});
