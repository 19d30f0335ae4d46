import { randomUUID } from 'node:crypto';
import { createServer, type Server, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { openDatabase, runMigrations, type DatabaseHandle } from '../../platform/db/client.ts';
import { devMailboxRoutes } from './routes.ts';
import { createRouter } from '../../platform/http/env.ts';
import type { Logger } from '../../logger.ts';
import { createMailer, listOutbox } from '../../platform/mail/mailer.ts';

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

const config = (overrides: { smtpUrl?: string; isProduction?: boolean } = {}) => ({
  smtpUrl: undefined,
  mailFrom: 'Mingle <no-reply@mingle.local>',
  isProduction: false,
  ...overrides,
});

/** Just enough of an SMTP server to accept messages (no TLS, no auth), keeping what it received. */
async function fakeSmtp(): Promise<{ server: Server; url: string; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 localhost fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (line.startsWith('EHLO')) socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, received, };
}

describe('mailer', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL; // migrated by global-setup
    handle = await openDatabase({ url });
    if (!url) await runMigrations(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('without SMTP stores the message, prints it to the log, and lists the outbox newest first', async () => {
    const log = recordingLogger();
    const mailer = createMailer({ config: config(), db: handle.db, log });
    const to = `dev-${randomUUID()}@acme-test.com`;
    const results = [];
    for (const n of [1, 2, 3]) {
      results.push(await mailer.send({ to, subject: `Code ${n}`, text: `Your code is 12345${n}` }));
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

  it('in production without SMTP stores the message but never prints its body', async () => {
    const log = recordingLogger();
    const mailer = createMailer({ config: config({ isProduction: true }), db: handle.db, log });
    const result = await mailer.send({ to: `p-${randomUUID()}@acme-test.com`, subject: 'Reset', text: 'secret-link' });
    expect(result.status).toBe('stored');
    expect(JSON.stringify(log.entries)).not.toContain('secret-link');
    expect(log.entries.some((e) => e.level === 'warn')).toBe(true);
  });

  it('with an unreachable SMTP server marks the row failed, logs, and does not throw', async () => {
    const log = recordingLogger();
    const mailer = createMailer({ config: config({ smtpUrl: 'smtp://127.0.0.1:1' }), db: handle.db, log });
    const to = `fail-${randomUUID()}@acme-test.com`;
    const result = await mailer.send({ to, subject: 'Hello', text: 'body' });
    expect(result.status).toBe('failed');
    const [row] = (await listOutbox(handle.db, { limit: 100 })).filter((m) => m.to === to);
    expect(row).toMatchObject({ id: result.id, status: 'failed', sentAt: null });
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
    expect(log.entries.some((e) => e.level === 'error')).toBe(true);
  });

  it('with a working SMTP server sends the message and marks the row sent', async () => {
    const smtp = await fakeSmtp();
    try {
      const mailer = createMailer({ config: config({ smtpUrl: smtp.url }), db: handle.db, log: recordingLogger() });
      const to = `ok-${randomUUID()}@acme-test.com`;
      const result = await mailer.send({ to, subject: 'Welcome', text: 'plain body', html: '<p>html body</p>' });
      expect(result.status).toBe('sent');
      const [row] = (await listOutbox(handle.db, { limit: 100 })).filter((m) => m.to === to);
      expect(row).toMatchObject({ status: 'sent', error: null, html: '<p>html body</p>' });
      expect(row!.sentAt).toBeInstanceOf(Date);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain(`To: ${to}`);
      expect(smtp.received[0]).toContain('Subject: Welcome');
      expect(smtp.received[0]).toContain('plain body');
    } finally {
      smtp.server.close();
    }
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
      const mailer = createMailer({ config: config(), db: handle.db, log: recordingLogger() });
      const to = `box-${randomUUID()}@acme-test.com`;
      const sent = await mailer.send({ to, subject: 'Your code', text: 'Code: 424242' });
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
