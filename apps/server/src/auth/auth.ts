import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, twoFactor } from 'better-auth/plugins';
import { isPersonalEmail, PERSONAL_EMAIL_MESSAGE } from '@mingle/shared/schemas/auth';
import { LIMITS } from '@mingle/shared/constants';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { authAccounts, authRateLimits, authSessions, authTwoFactors, authUsers, authVerifications } from '../db/schema/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import { CLIENT_IP_HEADER } from '../http/client-ip.ts';
import { provisionUser } from './provision.ts';

interface AuthDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
}

/**
 * Better Auth, mounted at /api/auth. Email+password sign-in (accounts are created by our own sign-up flow
 * with its emailed code, so the library's open sign-up endpoint is off), cookie sessions and bearer tokens,
 * TOTP two-factor, GitHub and LinkedIn when their credentials are set.
 */
export function createAuth({ config, db, mailer }: AuthDeps) {
  const { github, linkedin } = config.oauth;
  return betterAuth({
    appName: 'Mingle',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
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
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Mingle password',
          text: `Someone asked to reset the password of your Mingle account.\n\nChoose a new password here (valid for one hour):\n${url}\n\nIf it was not you, ignore this email: your password stays as it is.`,
        });
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
        '/sign-in/email': { window: LIMITS.signIn.windowSeconds, max: config.signInRateLimit },
        '/request-password-reset': { window: 3600, max: 5 },
        '/two-factor/verify-totp': { window: 60, max: 10 },
      },
    },
    plugins: [bearer(), twoFactor({ issuer: 'Mingle' })],
    databaseHooks: {
      user: {
        create: {
          // Accounts made through GitHub or LinkedIn follow the same company-email rule as sign-up.
          before: async (user) => {
            if (isPersonalEmail(user.email)) throw new APIError('BAD_REQUEST', { message: PERSONAL_EMAIL_MESSAGE });
          },
          after: async (user) => {
            await provisionUser(db, { userId: user.id, fullName: user.name, termsAcceptedAt: null });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
