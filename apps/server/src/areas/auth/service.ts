import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { LIMITS, type LanguageCode } from '@mingle/shared/core/constants';
import type { SignUpInput } from '@mingle/shared/auth/inputs';
import { assertSignUpEmailAllowed } from '../../platform/auth/personal-email.ts';
import { provisionUser } from '../../platform/auth/provision.ts';
import type { AppContext } from '../../context.ts';
import { authAccounts, authUsers, signupCodes } from '../../platform/db/schema/auth.ts';
import { badRequest, conflict, HttpError } from '../../platform/http/errors.ts';
import { createRateLimit } from '../../platform/http/rate-limit.ts';
import { signUpAccountExistsEmail } from './emails/sign-up-account-exists.tsx';
import { signUpCodeEmail } from './emails/sign-up-code.tsx';
import { fill, msg } from '@mingle/shared/core/messages';

const { validMinutes, attempts, resendPerEmailPerHour, resendPerEmailPerDay } = LIMITS.signupCode;
/** Time between a verified code and the terms being accepted (the person reads the terms). */
const VERIFIED_VALID_MINUTES = 30;

export const SIGNUP_MESSAGES = {
  tooManyCodes: msg('Too many verification codes requested. Please try again later.'),
  attemptsExhausted: msg('Too many incorrect attempts. Please try again in an hour.'),
  noCode: msg('No verification code was requested for this email. Please sign up again.'),
  expired: msg('This verification code has expired. Please request a new one.'),
  invalid: (left: number) =>
    left === 1
      ? msg('Invalid verification code. 1 attempt left.')
      : fill(msg('Invalid verification code. {{left}} attempts left.'), { left }),
  verificationExpired: msg('Your verification has expired. Please sign up again.'),
  accountExists: msg('An account with this email already exists. Please sign in.'),
} as const;

/** Codes are kept as an HMAC under the server's secret: a leaked table does not give 6-digit codes away. */
function hashCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${email}:${code}`).digest('hex');
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createSignupService(ctx: AppContext) {
  const perEmail = createRateLimit(ctx.db, {
    prefix: 'signup-code-email',
    points: resendPerEmailPerHour,
    windowSeconds: 3600,
    message: SIGNUP_MESSAGES.tooManyCodes,
  });
  const perEmailDay = createRateLimit(ctx.db, {
    prefix: 'signup-code-email-day',
    points: resendPerEmailPerDay,
    windowSeconds: 24 * 3600,
    message: SIGNUP_MESSAGES.tooManyCodes,
  });
  const perIp = createRateLimit(ctx.db, {
    prefix: 'signup-code-ip',
    points: ctx.config.signupCodesPerIp,
    windowSeconds: 3600,
    message: SIGNUP_MESSAGES.tooManyCodes,
  });

  /**
   * Step 1 and Resend: makes a new 6-digit code with a fresh 10 attempts (replacing any earlier one) and emails it
   * (decision 0080). Nothing the caller typed is kept that matters: the password is set at step 2, by whoever has
   * the code, so a stranger's request cannot choose the password of someone else's sign-up, and a stranger who used
   * up the attempts cannot keep the owner out (the owner's next request starts afresh). Guessing stays bounded by
   * the per-email limits: 5 codes an hour and 20 a day, 10 attempts each. `resendsLeft` is how many more codes this
   * address may ask for now (the fewer of the hour's and the day's), which is what the Resend Code button counts.
   *
   * When the address already has an account, the answer is the same, but the mail tells the owner plainly that
   * someone tried, without any code and without a word the caller typed (the pending row holds a code nobody knows).
   * The mail is a job, sent after the response by a worker (platform/mail/mailer.ts), so timing does not tell either.
   */
  async function requestCode(input: SignUpInput, ip: string): Promise<{ attemptsLeft: number; resendsLeft: number }> {
    await assertSignUpEmailAllowed(ctx.db, ctx.config, input.email);
    await perIp.consume(ip);
    const hour = await perEmail.consume(input.email);
    const day = await perEmailDay.consume(input.email);
    const resendsLeft = Math.min(hour.remaining, day.remaining);
    const code = randomInt(0, 10 ** LIMITS.signupCode.length)
      .toString()
      .padStart(LIMITS.signupCode.length, '0');
    const values = {
      fullName: input.fullName,
      // Chosen at step 2 by the caller who has the code.
      passwordHash: null,
      codeHash: hashCode(ctx.config.authSecret, input.email, code),
      expiresAt: sql`now() + make_interval(mins => ${validMinutes})`,
      attemptsLeft: attempts,
      verifiedTokenHash: null,
      createdAt: sql`now()`,
    };
    // Rendered before the transaction, which PGlite's one connection should hold only for the writes.
    const codeMessage = await signUpCodeEmail({ publicUrl: ctx.config.publicUrl, email: input.email, fullName: input.fullName, code, language: input.language });
    // The code and its email in one transaction: a code is never stored without its email, nor mailed unstored.
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(signupCodes)
        .values({ email: input.email, ...values })
        .onConflictDoUpdate({ target: signupCodes.email, set: values })
        .returning({ attemptsLeft: signupCodes.attemptsLeft });
      if (!row) throw new Error('signup_codes upsert returned nothing');

      const [existing] = await tx
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(sql`lower(${authUsers.email}) = ${input.email}`);
      if (existing) {
        await ctx.mailer.enqueue(tx, signUpAccountExistsEmail.to(input.email, { publicUrl: ctx.config.publicUrl, email: input.email }));
        // The code above was never sent: nobody can verify it, so no second account can follow.
        return { attemptsLeft: row.attemptsLeft, resendsLeft };
      }
      await ctx.mailer.enqueue(tx, { to: input.email, ...codeMessage });
      return { attemptsLeft: row.attemptsLeft, resendsLeft };
    });
  }

  /**
   * Step 2: checks a code. The attempt is counted in the same statement that checks there is one left,
   * so parallel wrong guesses can never use more than the attempts there are.
   */
  async function verifyCode(email: string, code: string, password: string): Promise<{ verificationToken: string }> {
    const [row] = await ctx.db
      .update(signupCodes)
      .set({ attemptsLeft: sql`${signupCodes.attemptsLeft} - 1` })
      .where(and(eq(signupCodes.email, email), gt(signupCodes.attemptsLeft, 0)))
      .returning({
        codeHash: signupCodes.codeHash,
        expiresAt: signupCodes.expiresAt,
        attemptsLeft: signupCodes.attemptsLeft,
      });
    if (!row) {
      const [existing] = await ctx.db
        .select({ email: signupCodes.email })
        .from(signupCodes)
        .where(eq(signupCodes.email, email));
      if (existing) throw new HttpError(429, 'code_attempts_exhausted', SIGNUP_MESSAGES.attemptsExhausted);
      throw badRequest(SIGNUP_MESSAGES.noCode, 'code_invalid');
    }
    if (!sameHash(row.codeHash, hashCode(ctx.config.authSecret, email, code))) {
      if (row.attemptsLeft === 0) throw new HttpError(429, 'code_attempts_exhausted', SIGNUP_MESSAGES.attemptsExhausted);
      throw badRequest(SIGNUP_MESSAGES.invalid(row.attemptsLeft), 'code_invalid');
    }
    if (row.expiresAt.getTime() <= Date.now()) throw badRequest(SIGNUP_MESSAGES.expired, 'code_expired');

    // The caller proved control of the mailbox: only now is the password chosen.
    const passwordHash = await hashPassword(password);
    const verificationToken = randomBytes(32).toString('base64url');
    await ctx.db
      .update(signupCodes)
      .set({
        passwordHash,
        verifiedTokenHash: hashToken(verificationToken),
        expiresAt: sql`now() + make_interval(mins => ${VERIFIED_VALID_MINUTES})`,
      })
      .where(eq(signupCodes.email, email));
    return { verificationToken };
  }

  /** Step 3, after the terms are accepted: the account is created in one transaction, or not at all. */
  async function complete(email: string, verificationToken: string, language: LanguageCode | null): Promise<{ userId: string }> {
    return ctx.db.transaction(async (tx) => {
      const [pending] = await tx
        .delete(signupCodes)
        .where(
          and(
            eq(signupCodes.email, email),
            eq(signupCodes.verifiedTokenHash, hashToken(verificationToken)),
            gt(signupCodes.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!pending?.passwordHash) throw badRequest(SIGNUP_MESSAGES.verificationExpired, 'code_expired');

      const [existing] = await tx
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(sql`lower(${authUsers.email}) = ${email}`);
      if (existing) throw conflict(SIGNUP_MESSAGES.accountExists);

      const [user] = await tx
        .insert(authUsers)
        .values({ name: pending.fullName, email, emailVerified: true, language })
        .returning({ id: authUsers.id });
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(authAccounts).values({
        accountId: user.id,
        providerId: 'credential',
        userId: user.id,
        password: pending.passwordHash,
      });
      await provisionUser(tx, { userId: user.id, fullName: pending.fullName, termsAcceptedAt: new Date() });
      return { userId: user.id };
    });
  }

  return { requestCode, verifyCode, complete };
}
