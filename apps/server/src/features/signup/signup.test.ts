import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupCodes } from '../../db/schema/auth.ts';
import { createUser, uniqueEmail } from '../../test/factories.ts';
import { errorOf, jsonRequest, startTestServer, type TestServer } from '../../test/harness.ts';
import { lastCodeTo } from '../../test/mail.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const signUp = (email: string, ip?: string) =>
  server.request('/api/signup/code', jsonRequest({ fullName: 'Grace Hopper', email, password: 'longenough' }), ip);
const verify = (email: string, code: string) => server.request('/api/signup/verify', jsonRequest({ email, code }));
const complete = (email: string, verificationToken: string) =>
  server.request('/api/signup/complete', jsonRequest({ email, verificationToken, acceptTerms: true }));
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-up with an emailed code', () => {
  it('creates the account after code and terms, and the new user can sign in', async () => {
    const email = uniqueEmail('new');
    const sent = await signUp(email);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ attemptsLeft: 10 });

    const verified = await verify(email, await lastCodeTo(server.ctx, email));
    expect(verified.status).toBe(200);
    const { verificationToken } = (await verified.json()) as { verificationToken: string };

    const created = await complete(email, verificationToken);
    expect(created.status).toBe(201);

    const signIn = await server.request('/api/auth/sign-in/email', jsonRequest({ email, password: 'longenough' }));
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const me = (await (await server.request('/api/me', { headers: { cookie } })).json()) as {
      roles: string[];
      profile: { fullName: string; termsAcceptedAt: string | null };
      provider: string;
    };
    expect(me.roles).toEqual(['registered_user']);
    expect(me.profile.fullName).toBe('Grace Hopper');
    expect(me.profile.termsAcceptedAt).not.toBeNull();
    expect(me.provider).toBe('email');
  });

  it('refuses personal email providers and bad fields with the spec messages', async () => {
    const personal = await signUp('someone@gmail.com');
    expect(personal.status).toBe(400);
    expect(await errorOf(personal)).toEqual({
      code: 'validation_failed',
      message: 'Please use a company email address. Personal email providers are not allowed.',
    });
    const short = await server.request('/api/signup/code', jsonRequest({ fullName: 'G', email: uniqueEmail(), password: 'longenough' }));
    expect((await errorOf(short)).message).toBe('Name must be at least 2 characters');
    const badCode = await verify(uniqueEmail(), '12ab56');
    expect((await errorOf(badCode)).message).toBe('Please enter a valid 6-digit code');
  });

  it('counts wrong codes down from 10', async () => {
    const email = uniqueEmail('wrong');
    await signUp(email);
    const code = await lastCodeTo(server.ctx, email);
    const first = await verify(email, wrongCode(code));
    expect(first.status).toBe(400);
    expect(await errorOf(first)).toEqual({ code: 'code_invalid', message: 'Invalid verification code. 9 attempts left.' });
    const second = await verify(email, wrongCode(code));
    expect((await errorOf(second)).message).toBe('Invalid verification code. 8 attempts left.');
  });

  it('never allows more than 10 guesses, however many arrive at once', async () => {
    const email = uniqueEmail('race');
    await signUp(email);
    const code = await lastCodeTo(server.ctx, email);
    const responses = await Promise.all(Array.from({ length: 30 }, () => verify(email, wrongCode(code))));
    const statuses = responses.map((response) => response.status);
    // Ten guesses were counted: nine told the attempts left, the tenth used the last one.
    expect(statuses.filter((status) => status === 400)).toHaveLength(9);
    expect(statuses.filter((status) => status === 429)).toHaveLength(21);
    const [row] = await server.ctx.db.select().from(signupCodes).where(eq(signupCodes.email, email));
    expect(row?.attemptsLeft).toBe(0);
    // Even the right code is refused now, and a resend does not buy more guesses.
    expect((await verify(email, code)).status).toBe(429);
    expect((await signUp(email)).status).toBe(429);
  });

  it('refuses a code older than 5 minutes', async () => {
    const email = uniqueEmail('late');
    await signUp(email);
    const code = await lastCodeTo(server.ctx, email);
    await server.ctx.db
      .update(signupCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signupCodes.email, email));
    const late = await verify(email, code);
    expect(late.status).toBe(400);
    expect(await errorOf(late)).toEqual({
      code: 'code_expired',
      message: 'This verification code has expired. Please request a new one.',
    });
  });

  it('replaces the old code on resend, keeping the attempts left', async () => {
    const email = uniqueEmail('resend');
    await signUp(email);
    const oldCode = await lastCodeTo(server.ctx, email);
    await verify(email, wrongCode(oldCode));
    const resent = await signUp(email);
    expect(await resent.json()).toEqual({ attemptsLeft: 9 });
    const newCode = await lastCodeTo(server.ctx, email);
    if (newCode !== oldCode) expect((await verify(email, oldCode)).status).toBe(400);
    expect((await verify(email, newCode)).status).toBe(200);
  });

  it('limits codes per email and per address', async () => {
    const email = uniqueEmail('limit');
    for (let sent = 0; sent < 5; sent++) expect((await signUp(email)).status).toBe(200);
    const sixth = await signUp(email);
    expect(sixth.status).toBe(429);
    expect((await errorOf(sixth)).message).toBe('Too many verification codes requested. Please try again later.');

    const ip = '192.0.2.77';
    for (let sent = 0; sent < 20; sent++) expect((await signUp(uniqueEmail('ip'), ip)).status).toBe(200);
    expect((await signUp(uniqueEmail('ip'), ip)).status).toBe(429);
  });

  it('creates an account only with a verified code, once', async () => {
    const email = uniqueEmail('once');
    await signUp(email);
    expect((await complete(email, 'made-up-token')).status).toBe(400);
    const verified = await verify(email, await lastCodeTo(server.ctx, email));
    const { verificationToken } = (await verified.json()) as { verificationToken: string };
    const noTerms = await server.request('/api/signup/complete', jsonRequest({ email, verificationToken, acceptTerms: false }));
    expect(noTerms.status).toBe(400);
    const both = await Promise.all([complete(email, verificationToken), complete(email, verificationToken)]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 400]);
  });

  it('refuses to create a second account for an existing email', async () => {
    const existing = await createUser(server.ctx);
    await signUp(existing.email);
    const verified = await verify(existing.email, await lastCodeTo(server.ctx, existing.email));
    const { verificationToken } = (await verified.json()) as { verificationToken: string };
    const again = await complete(existing.email, verificationToken);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('An account with this email already exists. Please sign in.');
  });

  it('keeps the open sign-up endpoint of the auth library closed', async () => {
    const response = await server.request(
      '/api/auth/sign-up/email',
      jsonRequest({ name: 'Sneaky', email: uniqueEmail(), password: 'longenough' }),
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
