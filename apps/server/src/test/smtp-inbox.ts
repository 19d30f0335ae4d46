import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { QUICK_MAIL_RETRY, type SmtpSink, startSmtpSink } from './mail.ts';

/** A test file's server that sends through a real SMTP server, and that server's inbox. */
export interface SmtpInbox {
  readonly server: TestServer;
  readonly smtp: SmtpSink;
  /** Every message that arrived for an address, once the mailer has nothing left to send, as a reader sees each. */
  readTo(address: string): Promise<string[]>;
}

/**
 * Starts, for the calling test file, an `smtp-server` inbox and a test server sending to it (quick retries), and
 * closes both after the file: the setup every test of delivered mail shares (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL). Call at the top of the file; `server` and `smtp` are there from its `beforeAll` on.
 */
export function smtpInbox(env: Record<string, string> = {}): SmtpInbox {
  let smtp: SmtpSink | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: smtp.url, ...env }, { mailRetry: QUICK_MAIL_RETRY });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('smtpInbox: used before its beforeAll');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get smtp() {
      return started(smtp);
    },
    async readTo(address) {
      await started(server).ctx.mailer.idle();
      return started(smtp)
        .to(address)
        .map((mail) => readable(mail.raw));
    },
  };
}

/** A received message as a reader sees it: encoded-word headers and quoted-printable lines decoded (UTF-8). */
export function readable(raw: string): string {
  const words = raw
    .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, word: string) => word.replaceAll('_', ' '))
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, word: string) => Buffer.from(word, 'base64').toString('latin1'))
    .replace(/=\r?\n/g, '');
  const bytes = words.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
