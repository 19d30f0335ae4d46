import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '../test/factories.ts';
import { jsonRequest, startTestServer, type TestServer } from '../test/harness.ts';

/** How long the mail server takes to accept a message: far longer than any answer may take. */
const STALL_MS = 5_000;
const QUICK_MS = 2_500;

let smtp: SMTPServer;
const received: Array<{ to: string[]; body: string }> = [];
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      stream.on('end', () => {
        // A slow or overloaded mail server: it accepts the message only after STALL_MS.
        setTimeout(() => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
          callback();
        }, STALL_MS);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

async function timed(request: Promise<Response>) {
  const started = performance.now();
  const response = await request;
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

const mailedTo = (email: string) => received.filter((m) => m.to.includes(email));

describe('mail whose timing could tell whether an account exists goes out after the answer', () => {
  it('password reset: same quick answer for an account and an unknown address; the mail still arrives', async () => {
    const user = await createUser(server.ctx);
    const unknown = uniqueEmail('ghost');
    const reset = (email: string) => server.request('/api/auth/request-password-reset', jsonRequest({ email }));
    const forAccount = await timed(reset(user.email));
    const forUnknown = await timed(reset(unknown));
    expect(forAccount.ms).toBeLessThan(QUICK_MS);
    expect(forUnknown.ms).toBeLessThan(QUICK_MS);
    expect(forAccount.status).toBe(200);
    expect([forAccount.status, forAccount.body]).toEqual([forUnknown.status, forUnknown.body]);

    await server.ctx.mailer.idle();
    expect(mailedTo(user.email)).toHaveLength(1);
    expect(mailedTo(user.email)[0]!.body).toContain('reset');
    expect(mailedTo(unknown)).toHaveLength(0);
  }, 30_000);

  it('sign-up code: same quick answer for a new address and an existing account; each gets its mail', async () => {
    const user = await createUser(server.ctx);
    const fresh = uniqueEmail('fresh');
    const code = (email: string) =>
      server.request('/api/signup/code', jsonRequest({ fullName: 'Grace Hopper', email, password: 'longenough' }));
    const forAccount = await timed(code(user.email));
    const forNew = await timed(code(fresh));
    expect(forAccount.ms).toBeLessThan(QUICK_MS);
    expect(forNew.ms).toBeLessThan(QUICK_MS);
    expect([forAccount.status, forAccount.body]).toEqual([forNew.status, forNew.body]);

    await server.ctx.mailer.idle();
    expect(mailedTo(fresh)[0]?.body).toMatch(/verification code is \d{6}/);
    expect(mailedTo(user.email)[0]?.body).toContain('Someone tried to create a Mingle account');
  }, 30_000);
});
