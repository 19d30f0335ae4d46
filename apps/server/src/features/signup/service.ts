import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { LIMITS } from '@mingle/shared/constants';
import type { SignUpInput } from '@mingle/shared/schemas/auth';
import { provisionUser } from '../../auth/provision.ts';
import type { AppContext } from '../../context.ts';
import { authAccounts, authUsers, signupCodes } from '../../db/schema/auth.ts';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';
import { createRateLimit } from '../../http/rate-limit.ts';

const { validMinutes, attempts, resendPerEmailPerHour } = LIMITS.signupCode;
/** Time between a verified code and the terms being accepted (the person reads the terms). */
const VERIFIED_VALID_MINUTES = 30;
/** A sign-up whose attempts are used up can start afresh after this long. */
const LOCKOUT_MINUTES = 60;

export const SIGNUP_MESSAGES = {
  tooManyCodes: 'Too many verification codes requested. Please try again later.',
  attemptsExhausted: 'Too many incorrect attempts. Please try again in an hour.',
  noCode: 'No verification code was requested for this email. Please sign up again.',
  expired: 'This verification code has expired. Please request a new one.',
  invalid: (left: number) => `Invalid verification code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
  verificationExpired: 'Your verification has expired. Please sign up again.',
  accountExists: 'An account with this email already exists. Please sign in.',
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
  const perIp = createRateLimit(ctx.db, {
    prefix: 'signup-code-ip',
    points: ctx.config.signupCodesPerIp,
    windowSeconds: 3600,
    message: SIGNUP_MESSAGES.tooManyCodes,
  });

  /**
   * Step 1 and Resend: makes a new 6-digit code (replacing any earlier one) and emails it. The attempts
   * left carry over from an earlier code, so resending never buys more guesses; they reset only after
   * the lockout window.
   */
  async function requestCode(input: SignUpInput, ip: string): Promise<{ attemptsLeft: number }> {
    await perIp.consume(ip);
    await perEmail.consume(input.email);
    const code = randomInt(0, 10 ** LIMITS.signupCode.length)
      .toString()
      .padStart(LIMITS.signupCode.length, '0');
    const passwordHash = await hashPassword(input.password);
    const stale = sql`${signupCodes.createdAt} < now() - make_interval(mins => ${LOCKOUT_MINUTES})`;
    const [row] = await ctx.db
      .insert(signupCodes)
      .values({
        email: input.email,
        fullName: input.fullName,
        passwordHash,
        codeHash: hashCode(ctx.config.authSecret, input.email, code),
        expiresAt: sql`now() + make_interval(mins => ${validMinutes})`,
        attemptsLeft: attempts,
      })
      .onConflictDoUpdate({
        target: signupCodes.email,
        set: {
          fullName: input.fullName,
          passwordHash,
          codeHash: hashCode(ctx.config.authSecret, input.email, code),
          expiresAt: sql`now() + make_interval(mins => ${validMinutes})`,
          verifiedTokenHash: null,
          attemptsLeft: sql`case when ${stale} then ${attempts} else ${signupCodes.attemptsLeft} end`,
          createdAt: sql`case when ${stale} then now() else ${signupCodes.createdAt} end`,
        },
        setWhere: sql`${signupCodes.attemptsLeft} > 0 or ${stale}`,
      })
      .returning({ attemptsLeft: signupCodes.attemptsLeft });
    if (!row) throw new HttpError(429, 'code_attempts_exhausted', SIGNUP_MESSAGES.attemptsExhausted);

    await ctx.mailer.send({
      to: input.email,
      subject: `${code} is your Mingle verification code`,
      text: `Hello ${input.fullName},\n\nYour Mingle verification code is ${code}.\nIt is valid for ${validMinutes} minutes.\n\nIf you did not sign up for Mingle, ignore this email.`,
    });
    return { attemptsLeft: row.attemptsLeft };
  }

  /**
   * Step 2: checks a code. The attempt is counted in the same statement that checks there is one left,
   * so parallel wrong guesses can never use more than the attempts there are.
   */
  async function verifyCode(email: string, code: string): Promise<{ verificationToken: string }> {
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

    const verificationToken = randomBytes(32).toString('base64url');
    await ctx.db
      .update(signupCodes)
      .set({
        verifiedTokenHash: hashToken(verificationToken),
        expiresAt: sql`now() + make_interval(mins => ${VERIFIED_VALID_MINUTES})`,
      })
      .where(eq(signupCodes.email, email));
    return { verificationToken };
  }

  /** Step 3, after the terms are accepted: the account is created in one transaction, or not at all. */
  async function complete(email: string, verificationToken: string): Promise<{ userId: string }> {
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
      if (!pending) throw badRequest(SIGNUP_MESSAGES.verificationExpired, 'code_expired');

      const [existing] = await tx
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(sql`lower(${authUsers.email}) = ${email}`);
      if (existing) throw conflict(SIGNUP_MESSAGES.accountExists);

      const [user] = await tx
        .insert(authUsers)
        .values({ name: pending.fullName, email, emailVerified: true })
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
