import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '../../test/factories.ts';
import { jsonRequest, startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * The mail server accepts no message until the test opens its gate: an answer that waited for the mail would never
 * come (the test would time out), so an answer that arrives proves the mail went out after it. No durations are
 * asserted (bench/ measures times).
 */
let openGate: () => void = () => undefined;
let gate: Promise<void> = Promise.resolve();
function closeGate() {
  gate = new Promise<void>((resolve) => (openGate = resolve));
}

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
        // A stalled mail server: it accepts the message only when the gate opens.
        void gate.then(() => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
          callback();
        });
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

async function answer(request: Promise<Response>) {
  const response = await request;
  return { status: response.status, body: await response.text() };
}

const mailedTo = (email: string) => received.filter((m) => m.to.includes(email));

describe('mail whose timing could tell whether an account exists goes out after the answer', () => {
  it('password reset: same quick answer for an account and an unknown address; the mail still arrives', async () => {
    const user = await createUser(server.ctx);
    const unknown = uniqueEmail('ghost');
    const reset = (email: string) => server.request('/api/auth/request-password-reset', jsonRequest({ email }));
    closeGate();
    const forAccount = await answer(reset(user.email));
    const forUnknown = await answer(reset(unknown));
    expect(mailedTo(user.email)).toHaveLength(0); // answered while the mail server still held the message
    expect(forAccount.status).toBe(200);
    expect([forAccount.status, forAccount.body]).toEqual([forUnknown.status, forUnknown.body]);

    openGate();
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
    closeGate();
    const forAccount = await answer(code(user.email));
    const forNew = await answer(code(fresh));
    expect(mailedTo(fresh)).toHaveLength(0);
    expect(mailedTo(user.email)).toHaveLength(0);
    expect([forAccount.status, forAccount.body]).toEqual([forNew.status, forNew.body]);

    openGate();
    await server.ctx.mailer.idle();
    expect(mailedTo(fresh)[0]?.body).toMatch(/verification code is \d{6}/);
    expect(mailedTo(user.email)[0]?.body).toContain('Someone tried to create a Mingle account');
  }, 30_000);
});
