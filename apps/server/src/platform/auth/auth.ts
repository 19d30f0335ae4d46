import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, openAPI, twoFactor } from 'better-auth/plugins';
import { LIMITS } from '@mingle/shared/core/constants';
import { fullNameSchema } from '@mingle/shared/auth/inputs';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { Database } from '../db/client.ts';
import { authAccounts, authRateLimits, authSessions, authTwoFactors, authUsers, authVerifications } from '../db/schema/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplate } from '../mail/templates.ts';
import { HttpError } from '../http/errors.ts';
import { createRateLimit } from '../http/rate-limit.ts';
import { assertSignUpEmailAllowed } from './personal-email.ts';
import { provisionUser } from './provision.ts';
import { msg } from '@mingle/shared/core/messages';

/**
 * The caller's address on requests handed to Better Auth, for its rate limits: set by us from `clientIp` (app.ts);
 * any inbound value is overwritten.
 */
export const CLIENT_IP_HEADER = 'x-mingle-client-ip';

interface AuthDeps {
  log: Logger;
  config: Config;
  db: Database;
  mailer: Mailer;
  /** The password-reset message, which lives in the auth area: handed in by the wiring, as platform/ imports no area. */
  passwordResetEmail: MailTemplate<{ publicUrl: string; email: string; url: string }>;
}

/**
 * Better Auth, mounted at /api/auth. Email+password sign-in (accounts are created by our own sign-up flow
 * with its emailed code, so the library's open sign-up endpoint is off), cookie sessions and bearer tokens,
 * TOTP two-factor, GitHub and LinkedIn when their credentials are set.
 */
export function createAuth({ config, db, log, mailer, passwordResetEmail }: AuthDeps) {
  const { github, linkedin } = config.oauth;
  const limits = accountLimits(config, db);
  return betterAuth({
    appName: 'Mingle',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // Its lines join ours (one JSON line each in production, LOG_LEVEL deciding which) instead of coloured text on
    // the console. Only the message and an error's message: its other arguments may hold a person's details.
    logger: {
      level: 'debug',
      log: (level, message, ...args) => {
        const errors = args.filter((arg): arg is Error => arg instanceof Error).map((error) => error.message);
        log[level](`better-auth: ${message}`, errors.length > 0 ? { errors } : undefined);
      },
    },
    trustedOrigins: config.allowedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        twoFactor: authTwoFactors,
        rateLimit: authRateLimits,
      },
    }),
    advanced: {
      database: { generateId: 'uuid' },
      useSecureCookies: config.isProduction,
      cookiePrefix: 'mingle',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 100,
      revokeSessionsOnPasswordReset: true,
      // A job, sent after the answer: the reply takes as long for an unknown address as for an account. Its own
      // transaction (the row and the job together): Better Auth gives its callback none.
      sendResetPassword: async ({ user, url }) => {
        await mailer.queue(passwordResetEmail.to(user.email, { publicUrl: config.publicUrl, email: user.email, url }));
      },
    },
    socialProviders: {
      ...(github ? { github: { clientId: github.clientId, clientSecret: github.clientSecret } } : {}),
      ...(linkedin ? { linkedin: { clientId: linkedin.clientId, clientSecret: linkedin.clientSecret } } : {}),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        // Counted per account and per client address by the `before` hook below (decision 0082).
        '/sign-in/email': false,
        '/request-password-reset': false,
        // Guesses per pending sign-in are capped by the twoFactor plugin itself (per two-factor cookie); per address, a
        // venue's ceiling.
        '/two-factor/verify-totp': { window: 60, max: 100 },
        '/two-factor/verify-backup-code': { window: 60, max: 100 },
      },
    },
    // Account fields change only through our own routes and the profile rules (decision 0081): Better Auth's own
    // routes that would write a name, an image or an email are switched off.
    disabledPaths: ['/update-user', '/change-email', '/delete-user'],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const limit = ctx.path === '/sign-in/email' ? limits.signIn : ctx.path === '/request-password-reset' ? limits.reset : null;
        if (!limit) return;
        const ip = ctx.request?.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
        const body = ctx.body as { email?: unknown } | undefined;
        const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
        try {
          await limit.perIp.consume(ip);
          if (email) await limit.perAccount.consume(email);
        } catch (error) {
          if (error instanceof HttpError && error.status === 429) {
            throw new APIError('TOO_MANY_REQUESTS', { message: error.message, code: 'rate_limited' });
          }
          throw error;
        }
      }),
    },
    // openAPI: its document of these routes joins ours at /api/openapi.json (api-document.ts); its own reference page,
    // which loads a script from a CDN, stays off.
    plugins: [bearer(), twoFactor({ issuer: 'Mingle' }), openAPI({ disableDefaultReference: true })],
    databaseHooks: {
      user: {
        create: {
          // Accounts made through GitHub or LinkedIn follow the same company-email rule as sign-up.
          before: async (user) => {
            try {
              await assertSignUpEmailAllowed(db, config, user.email);
            } catch (error) {
              if (error instanceof HttpError) throw new APIError('BAD_REQUEST', { message: error.message });
              throw error;
            }
          },
          after: async (user) => {
            await provisionUser(db, { userId: user.id, fullName: user.name, termsAcceptedAt: null });
          },
        },
        update: {
          // A second lock behind disabledPaths: whatever Better Auth path writes a user, it may not set an email
          // or an image, and a name only as the profile rules allow (one line, 2 to 100 characters).
          before: async (data) => {
            if ('email' in data || ('image' in data && data.image != null)) {
              throw new APIError('FORBIDDEN', { message: msg('This field cannot be changed here') });
            }
            if ('name' in data && !isAcceptableName(data.name)) {
              throw new APIError('BAD_REQUEST', { message: msg('Please enter a valid name') });
            }
          },
        },
      },
    },
  });
}

/** A full name as sign-up and the profile accept it, on one line. */
function isAcceptableName(name: unknown): boolean {
  // eslint-disable-next-line no-control-regex
  return fullNameSchema.safeParse(name).success && !/[\u0000-\u001f\u007f\u2028\u2029]/.test(name as string);
}

/**
 * Sign-in and password-reset limits (decision 0082), kept in the database so every process counts together. Per
 * account (the email typed) the ceiling is tight: guessing one password is slow from any number of addresses. Per
 * client address it is high: a conference hall behind one NAT address signs its attendees in at 09:00.
 */
function accountLimits(config: Config, db: Database) {
  const message = 'Too many requests. Please try again later.';
  const window = LIMITS.signIn.windowSeconds;
  return {
    signIn: {
      perAccount: createRateLimit(db, { prefix: 'sign-in-email', points: config.signInRateLimit, windowSeconds: window, message }),
      perIp: createRateLimit(db, { prefix: 'sign-in-ip', points: config.signInRateLimitPerIp, windowSeconds: window, message }),
    },
    reset: {
      perAccount: createRateLimit(db, { prefix: 'reset-email', points: 5, windowSeconds: 3600, message }),
      perIp: createRateLimit(db, { prefix: 'reset-ip', points: 300, windowSeconds: 3600, message }),
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
