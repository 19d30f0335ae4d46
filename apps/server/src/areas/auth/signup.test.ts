import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authUsers, signupCodes } from '../../platform/db/schema/auth.ts';
import { eventInvitations } from '../../platform/db/schema/events.ts';
import { mailOutbox } from '../../platform/db/schema/mail.ts';
import { createEvent } from '../../test/event-factories.ts';
import { createUser, uniqueEmail } from '../../test/factories.ts';
import { errorOf, jsonRequest, startTestServer, useTestServer, type TestServer } from '../../test/harness.ts';
import { lastCodeTo, lastMailTo } from '../../test/mail.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();

const signUp = (email: string, ip?: string) =>
  server.request('/api/signup/code', jsonRequest({ fullName: 'Grace Hopper', email, password: 'longenough' }), ip);
const verify = (email: string, code: string, password = 'longenough') =>
  server.request('/api/signup/verify', jsonRequest({ email, code, password }));
const complete = (email: string, verificationToken: string) =>
  server.request('/api/signup/complete', jsonRequest({ email, verificationToken, acceptTerms: true }));
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
/**
 * What sign-up stores for an address: its pending sign-up (all but the count of guesses, which a wrong code uses up
 * by design), its account and the mail sent to it. What a refused step must leave as it was.
 */
const signUpOf = async (email: string, at: TestServer = server) => ({
  pending: await at.ctx.db
    .select({
      fullName: signupCodes.fullName,
      passwordHash: signupCodes.passwordHash,
      codeHash: signupCodes.codeHash,
      expiresAt: signupCodes.expiresAt,
      verifiedTokenHash: signupCodes.verifiedTokenHash,
      createdAt: signupCodes.createdAt,
    })
    .from(signupCodes)
    .where(eq(signupCodes.email, email)),
  accounts: await at.ctx.db.select().from(authUsers).where(sql`lower(${authUsers.email}) = ${email}`),
  mail: await at.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt, mailOutbox.id),
});

describe('sign-up with an emailed code', () => {
  it('creates the account after code and terms, and the new user can sign in', async () => {
    const email = uniqueEmail('new');
    const sent = await signUp(email);
    expect(sent.status).toBe(200);
    // Ten guesses for this code; four more codes this hour (the Resend Code button counts these).
    expect(await sent.json()).toEqual({ attemptsLeft: 10, resendsLeft: 4 });

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
    const personalEmail = 'someone@gmail.com';
    const shortNameEmail = uniqueEmail();
    const badCodeEmail = uniqueEmail();
    await expectNothingWritten(
      () => Promise.all([personalEmail, shortNameEmail, badCodeEmail].map((email) => signUpOf(email))),
      async () => {
        const personal = await signUp(personalEmail);
        expect(personal.status).toBe(400);
        expect(await errorOf(personal)).toEqual({
          code: 'personal_email',
          message: 'Please use a company email address. Personal email providers are not allowed.',
        });
        const short = await server.request('/api/signup/code', jsonRequest({ fullName: 'G', email: shortNameEmail, password: 'longenough' }));
        expect((await errorOf(short)).message).toBe('Name must be at least 2 characters');
        const badCode = await verify(badCodeEmail, '12ab56');
        expect((await errorOf(badCode)).message).toBe('Please enter a valid 6-digit code');
      },
    );
  });

  it.each([
    'googlemail.com', 'proton.me', 'yahoo.co.uk', 'outlook.fr', 'sub.gmail.com', 'GMAIL.COM', 'gmx.de', 'web.de',
  ])('refuses the free-mail provider %s (maintained list, subdomains, any case)', async (domain) => {
    const email = `someone-${Math.random().toString(36).slice(2)}@${domain}`;
    const response = await signUp(email);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      code: 'personal_email',
      message: 'Please use a company email address. Personal email providers are not allowed.',
    });
    const [row] = await server.ctx.db.select().from(signupCodes).where(eq(signupCodes.email, email.toLowerCase()));
    expect(row).toBeUndefined();
    expect(await lastMailTo(server.ctx, email.toLowerCase())).toBeUndefined();
  });

  it('lets a personal address sign up when an organizer invited exactly that address', async () => {
    const organizer = await createUser(server.ctx);
    const event = await createEvent(server.ctx, organizer.id);
    const invited = `invited-${Math.random().toString(36).slice(2)}@gmail.com`;
    await server.ctx.db.insert(eventInvitations).values({
      eventId: event.id,
      email: invited,
      tokenHash: `hash-${invited}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect((await signUp(invited)).status).toBe(200);
    await expectNothingWritten(
      () => signUpOf(`other-${invited}`),
      async () => expect((await signUp(`other-${invited}`)).status).toBe(400),
    );
  });

  it('lets the operator allow personal addresses (ALLOW_PERSONAL_EMAIL=true)', async () => {
    const open = await startTestServer({ ALLOW_PERSONAL_EMAIL: 'true' });
    try {
      const response = await open.request(
        '/api/signup/code',
        jsonRequest({ fullName: 'Grace Hopper', email: `grace-${Date.now()}@gmail.com`, password: 'longenough' }),
      );
      expect(response.status).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('counts wrong codes down from 10', async () => {
    const email = uniqueEmail('wrong');
    await signUp(email);
    const code = await lastCodeTo(server.ctx, email);
    await expectNothingWritten(
      () => signUpOf(email),
      async () => {
        const first = await verify(email, wrongCode(code));
        expect(first.status).toBe(400);
        expect(await errorOf(first)).toEqual({ code: 'code_invalid', message: 'Invalid verification code. 9 attempts left.' });
        const second = await verify(email, wrongCode(code));
        expect((await errorOf(second)).message).toBe('Invalid verification code. 8 attempts left.');
      },
    );
  });

  it('never allows more than 10 guesses, however many arrive at once', async () => {
    const email = uniqueEmail('race');
    await signUp(email);
    const code = await lastCodeTo(server.ctx, email);
    await expectNothingWritten(
      () => signUpOf(email),
      async () => {
        const responses = await Promise.all(Array.from({ length: 30 }, () => verify(email, wrongCode(code))));
        const statuses = responses.map((response) => response.status);
        // Ten guesses were counted: nine told the attempts left, the tenth used the last one.
        expect(statuses.filter((status) => status === 400)).toHaveLength(9);
        expect(statuses.filter((status) => status === 429)).toHaveLength(21);
        const [row] = await server.ctx.db.select().from(signupCodes).where(eq(signupCodes.email, email));
        expect(row?.attemptsLeft).toBe(0);
        // Even the right code is refused now.
        expect((await verify(email, code)).status).toBe(429);
      },
    );
    // A new code request (the mailbox owner's) starts afresh, with a new code.
    const fresh = await signUp(email);
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toEqual({ attemptsLeft: 10, resendsLeft: 3 });
    expect((await verify(email, await lastCodeTo(server.ctx, email))).status).toBe(200);
  });

  it('refuses a code older than 5 minutes', async () => {
    const email = uniqueEmail('late');
    await signUp(email);
    const code = await lastCodeTo(server.ctx, email);
    await server.ctx.db
      .update(signupCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signupCodes.email, email));
    await expectNothingWritten(
      () => signUpOf(email),
      async () => {
        const late = await verify(email, code);
        expect(late.status).toBe(400);
        expect(await errorOf(late)).toEqual({
          code: 'code_expired',
          message: 'This verification code has expired. Please request a new one.',
        });
      },
    );
  });

  it('replaces the old code on resend, with fresh attempts for the new code; wrong codes do not use up resends', async () => {
    const email = uniqueEmail('resend');
    await signUp(email);
    const oldCode = await lastCodeTo(server.ctx, email);
    await verify(email, wrongCode(oldCode));
    await verify(email, wrongCode(oldCode));
    const resent = await signUp(email);
    expect(await resent.json()).toEqual({ attemptsLeft: 10, resendsLeft: 3 });
    const newCode = await lastCodeTo(server.ctx, email);
    if (newCode !== oldCode) {
      await expectNothingWritten(
        () => signUpOf(email),
        async () => expect((await verify(email, oldCode)).status).toBe(400),
      );
    }
    expect((await verify(email, newCode)).status).toBe(200);
  });

  it('limits codes per email and per address', async () => {
    const email = uniqueEmail('limit');
    for (let sent = 0; sent < 5; sent++) {
      const answer = await signUp(email);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { resendsLeft: number }).resendsLeft).toBe(4 - sent);
    }
    await expectNothingWritten(
      () => signUpOf(email),
      async () => {
        const sixth = await signUp(email);
        expect(sixth.status).toBe(429);
        expect((await errorOf(sixth)).message).toBe('Too many verification codes requested. Please try again later.');
      },
    );

    // The per-address ceiling (SIGNUP_CODES_PER_IP, 300 an hour by default) is shown here lowered to 20.
    const strict = await startTestServer({ SIGNUP_CODES_PER_IP: '20' });
    try {
      const ip = '192.0.2.77';
      const code = (to: string) =>
        strict.request('/api/signup/code', jsonRequest({ fullName: 'Grace Hopper', email: to, password: 'longenough' }), ip);
      for (let sent = 0; sent < 20; sent++) expect((await code(uniqueEmail('ip'))).status).toBe(200);
      const oneTooMany = uniqueEmail('ip');
      await expectNothingWritten(
        () => signUpOf(oneTooMany, strict),
        async () => expect((await code(oneTooMany)).status).toBe(429),
      );
    } finally {
      await strict.close();
    }
  });

  it('lets a venue behind one address ask for many codes (default ceiling 300 an hour)', async () => {
    expect(server.config.signupCodesPerIp).toBe(300);
    const ip = '192.0.2.78';
    const statuses = await Promise.all(Array.from({ length: 40 }, () => signUp(uniqueEmail('venue'), ip).then((r) => r.status)));
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('limits codes per email to 20 a day', async () => {
    const email = uniqueEmail('daily');
    for (let hour = 0; hour < 4; hour++) {
      for (let sent = 0; sent < 5; sent++) expect((await signUp(email)).status).toBe(200);
      // The hour passes (the hourly counter is dropped); the daily one stays.
      await server.ctx.db.execute(sql`delete from rate_limits where key = ${`signup-code-email:${email}`}`);
    }
    await expectNothingWritten(
      () => signUpOf(email),
      async () => expect((await signUp(email)).status).toBe(429),
    );
  });

  it('creates an account only with a verified code, once', async () => {
    const email = uniqueEmail('once');
    await signUp(email);
    await expectNothingWritten(
      () => signUpOf(email),
      async () => expect((await complete(email, 'made-up-token')).status).toBe(400),
    );
    const verified = await verify(email, await lastCodeTo(server.ctx, email));
    const { verificationToken } = (await verified.json()) as { verificationToken: string };
    await expectNothingWritten(
      () => signUpOf(email),
      async () => {
        const noTerms = await server.request('/api/signup/complete', jsonRequest({ email, verificationToken, acceptTerms: false }));
        expect(noTerms.status).toBe(400);
      },
    );
    const both = await Promise.all([complete(email, verificationToken), complete(email, verificationToken)]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 400]);
  });

  it('never lets a stranger choose the password of someone else\'s pending sign-up', async () => {
    const email = uniqueEmail('victim');
    await signUp(email);
    // The attacker knows the address and asks again, with a password of their own.
    const attack = await server.request(
      '/api/signup/code',
      jsonRequest({ fullName: 'Mallory', email, password: 'attacker-password' }),
    );
    expect(attack.status).toBe(200);
    const [pending] = await server.ctx.db.select().from(signupCodes).where(eq(signupCodes.email, email));
    expect(pending?.passwordHash).toBeNull();
    // The owner types the newest code from their mailbox, with their own password.
    const verified = await verify(email, await lastCodeTo(server.ctx, email), 'owner-password');
    const { verificationToken } = (await verified.json()) as { verificationToken: string };
    expect((await complete(email, verificationToken)).status).toBe(201);
    const signInAs = (password: string) =>
      server.request('/api/auth/sign-in/email', jsonRequest({ email, password })).then((r) => r.status);
    expect(await signInAs('attacker-password')).toBe(401);
    expect(await signInAs('owner-password')).toBe(200);
  });

  it('tells the owner of an existing account plainly, with none of the caller\'s words, and the caller nothing', async () => {
    const existing = await createUser(server.ctx, { fullName: 'Real Owner' });
    const unknown = uniqueEmail('nobody');
    const forExisting = await server.request(
      '/api/signup/code',
      jsonRequest({ fullName: 'Visit evil.example now', email: existing.email, password: 'longenough' }),
    );
    const forUnknown = await signUp(unknown);
    expect(forExisting.status).toBe(forUnknown.status);
    expect(await forExisting.json()).toEqual(await forUnknown.json());

    const mail = await lastMailTo(server.ctx, existing.email);
    expect(mail?.subject).toBe('Someone tried to create a Mingle account with your address');
    expect(mail?.text).toContain('If it was you, sign in or reset your password');
    expect(mail?.text).not.toContain('evil.example');
    expect(mail?.text).not.toMatch(/\b\d{6}\b/);

    // No code was sent, so none verifies: the caller meets the same answers as for a wrong code.
    await expectNothingWritten(
      () => signUpOf(existing.email),
      async () => {
        const guess = await verify(existing.email, '123456');
        expect(guess.status).toBe(400);
        expect(await errorOf(guess)).toEqual({ code: 'code_invalid', message: 'Invalid verification code. 9 attempts left.' });
      },
    );
  });

  it('keeps the open sign-up endpoint of the auth library closed', async () => {
    const email = uniqueEmail();
    await expectNothingWritten(
      () => signUpOf(email),
      async () => {
        const response = await server.request('/api/auth/sign-up/email', jsonRequest({ name: 'Sneaky', email, password: 'longenough' }));
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      },
    );
  });
});
