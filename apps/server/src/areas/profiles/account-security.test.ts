import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authAccounts, authSessions, authTwoFactors, authUsers } from '../../platform/db/schema/auth.ts';
import { signIn, signedInUser } from '../../test/factories.ts';
import { jsonRequest, useTestServer } from '../../test/harness.ts';
import { lastMailTo } from '../../test/mail.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

// The Better Auth endpoints the profile's security cards and the auth screen call, with the answers the web relies
// on: the error codes it maps to the spec's messages, and the two-factor and reset flows end to end.

const server = useTestServer();

const post = (path: string, body: unknown, headers?: Headers) =>
  server.request(path, jsonRequest(body, { headers: Object.fromEntries(headers?.entries() ?? []) }));
const cookiesOf = (response: Response) =>
  new Headers({ cookie: response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ') });
/**
 * A user's stored sign-in: password hash, email and two-factor setting, the two-factor secret and backup codes (not
 * its count of failed codes, which a wrong code raises by design), and the sessions. What a refused step must leave
 * as it was.
 */
const securityOf = async (userId: string) => ({
  user: await server.ctx.db
    .select({ email: authUsers.email, twoFactorEnabled: authUsers.twoFactorEnabled })
    .from(authUsers)
    .where(eq(authUsers.id, userId)),
  passwords: await server.ctx.db.select({ password: authAccounts.password }).from(authAccounts).where(eq(authAccounts.userId, userId)),
  twoFactor: await server.ctx.db
    .select({ secret: authTwoFactors.secret, backupCodes: authTwoFactors.backupCodes, verified: authTwoFactors.verified })
    .from(authTwoFactors)
    .where(eq(authTwoFactors.userId, userId)),
  sessions: await server.ctx.db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId)).orderBy(authSessions.id),
});

/** RFC 6238 code of a base32 secret, as an authenticator app computes it. */
function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0xf;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe('changing the password', () => {
  it('answers INVALID_PASSWORD for a wrong current password (shown as "Current password is incorrect")', async () => {
    const { user, headers } = await signedInUser(server);
    await expectNothingWritten(
      () => securityOf(user.id),
      async () => {
        const response = await post('/api/auth/change-password', { currentPassword: 'not-my-password', newPassword: 'brand-new-password' }, headers);
        expect(response.status).toBe(400);
        expect(((await response.json()) as { code: string }).code).toBe('INVALID_PASSWORD');
      },
    );
  });

  it('changes it and signs the other devices out', async () => {
    const { user, headers } = await signedInUser(server);
    const phone = await signIn(server, user);
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'brand-new-password', revokeOtherSessions: true },
      headers,
    );
    expect(response.status).toBe(200);
    expect((await server.request('/api/me', { headers: phone })).status).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: 'brand-new-password' })).status).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(401);
  });
});

describe('two-factor with an authenticator app', () => {
  it('is turned on by a password and a first code, then asked for at sign-in, and turned off by the password', async () => {
    const { user, headers } = await signedInUser(server);
    await expectNothingWritten(
      () => securityOf(user.id),
      async () => {
        const wrongPassword = await post('/api/auth/two-factor/enable', { password: 'nope-nope-nope' }, headers);
        expect(wrongPassword.status).toBe(400);
      },
    );

    const enabled = await post('/api/auth/two-factor/enable', { password: user.password }, headers);
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Mingle:/);
    expect(backupCodes.length).toBeGreaterThan(0);
    const secret = new URL(totpURI).searchParams.get('secret')!;
    // Not on until a code from the app proves it was set up.
    let me = (await (await server.request('/api/me', { headers })).json()) as { user: { twoFactorEnabled: boolean } };
    expect(me.user.twoFactorEnabled).toBe(false);

    const verified = await post('/api/auth/two-factor/verify-totp', { code: totp(secret) }, headers);
    expect(verified.status).toBe(200);
    const session = cookiesOf(verified);
    me = (await (await server.request('/api/me', { headers: session })).json()) as { user: { twoFactorEnabled: boolean } };
    expect(me.user.twoFactorEnabled).toBe(true);

    const firstStep = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(firstStep.status).toBe(200);
    expect(await firstStep.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookiesOf(firstStep);
    expect((await server.request('/api/me', { headers: pending })).status).toBe(401);
    await expectNothingWritten(
      () => securityOf(user.id),
      async () => {
        const wrongCode = await post('/api/auth/two-factor/verify-totp', { code: '000000' === totp(secret) ? '111111' : '000000' }, pending);
        expect(wrongCode.status).toBe(401);
      },
    );
    const secondStep = await post('/api/auth/two-factor/verify-totp', { code: totp(secret) }, pending);
    expect(secondStep.status).toBe(200);
    expect((await server.request('/api/me', { headers: cookiesOf(secondStep) })).status).toBe(200);

    const disabled = await post('/api/auth/two-factor/disable', { password: user.password }, session);
    expect(disabled.status).toBe(200);
    const plain = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(await plain.json()).not.toMatchObject({ twoFactorRedirect: true });
  });

  it('accepts a backup code at the sign-in code step, once each (a lost phone does not lock the account)', async () => {
    const { user, headers } = await signedInUser(server);
    const enabled = await post('/api/auth/two-factor/enable', { password: user.password }, headers);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    const secret = new URL(totpURI).searchParams.get('secret')!;
    expect((await post('/api/auth/two-factor/verify-totp', { code: totp(secret) }, headers)).status).toBe(200);
    const [backup, another] = backupCodes;
    expect(backup!.length).toBeGreaterThanOrEqual(10);

    const signInWithBackup = async (code: string) => {
      const firstStep = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
      expect(await firstStep.json()).toMatchObject({ twoFactorRedirect: true });
      return post('/api/auth/two-factor/verify-backup-code', { code }, cookiesOf(firstStep));
    };
    const first = await signInWithBackup(backup!);
    expect(first.status).toBe(200);
    expect((await server.request('/api/me', { headers: cookiesOf(first) })).status).toBe(200);
    // The same code a second time is refused, and gives no session; another unused one still works.
    await expectNothingWritten(
      () => securityOf(user.id),
      async () => {
        const reused = await signInWithBackup(backup!);
        expect(reused.status).toBe(401);
        expect((await server.request('/api/me', { headers: cookiesOf(reused) })).status).toBe(401);
      },
    );
    expect((await signInWithBackup(another!)).status).toBe(200);
  });
});

describe('forgotten password', () => {
  it('mails a link that leads to /reset-password with a token, which sets a new password once', async () => {
    const { user } = await signedInUser(server);
    const requested = await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    expect(requested.status).toBe(200);
    const mail = await lastMailTo(server.ctx, user.email);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    const opened = await server.request(new URL(link!).pathname + new URL(link!).search);
    expect(opened.status).toBe(302);
    const target = new URL(opened.headers.get('location')!, server.config.publicUrl);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token')!;

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'a-fresh-password' });
    expect(reset.status).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: 'a-fresh-password' })).status).toBe(200);
    await expectNothingWritten(
      () => securityOf(user.id),
      async () => expect((await post('/api/auth/reset-password', { token, newPassword: 'another-password' })).status).toBe(400),
    );
  });

  it('answers the same for an unknown email, so addresses cannot be probed', async () => {
    const response = await post('/api/auth/request-password-reset', { email: 'nobody-here@acme-test.com', redirectTo: '/reset-password' });
    expect(response.status).toBe(200);
  });
});
