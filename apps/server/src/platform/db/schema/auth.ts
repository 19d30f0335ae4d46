import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGE_CODES, PLATFORM_ROLES, type LanguageCode } from '@mingle/shared/core/constants';
import { inList } from './sql-helpers.ts';

// Better Auth's tables, under names of our own so that "sessions" stays free for the agenda's sessions.
// Column names follow Better Auth's fields (camelCase in TypeScript, snake_case in SQL).

export const authUsers = pgTable(
  'auth_users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    twoFactorEnabled: boolean().default(false),
    /** The person's language (interface and email); null until they choose one or sign up (decision 0184). */
    language: text().$type<LanguageCode>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_users_email_key').on(sql`lower(${t.email})`),
    check('auth_users_language_check', inList(t.language, LANGUAGE_CODES)),
    // The super admin's user list, newest first by keyset (bench/admin-users-growth.mjs).
    index('auth_users_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_accounts_user_id_idx').on(t.userId),
    uniqueIndex('auth_accounts_provider_account_key').on(t.providerId, t.accountId),
  ],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

export const authTwoFactors = pgTable(
  'auth_two_factors',
  {
    id: uuid().primaryKey().defaultRandom(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    verified: boolean().default(true),
    failedVerificationCount: integer().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [index('auth_two_factors_user_id_idx').on(t.userId), index('auth_two_factors_secret_idx').on(t.secret)],
);

/** Better Auth's rate-limit counters (sign-in and the other auth endpoints), shared by every server process. */
export const authRateLimits = pgTable('auth_rate_limits', {
  id: uuid().primaryKey().defaultRandom(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  lastRequest: bigint({ mode: 'number' }).notNull(),
});

/** Platform roles; a user may hold several. Per-event grants (co-owner, volunteer) live with the events. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    index('user_roles_role_idx').on(t.role),
    check('user_roles_role_check', inList(t.role, PLATFORM_ROLES)),
  ],
);

/**
 * Sign-up codes (spec 01: 6 digits, 5 minutes, 10 attempts). One row per email: a resend replaces the code.
 * The code is stored hashed; attempts_left is decremented in the same statement that checks it, so parallel
 * wrong guesses can never use more than the attempts left.
 */
export const signupCodes = pgTable(
  'signup_codes',
  {
    email: text().primaryKey(),
    fullName: text().notNull(),
    /** Set at code verification, by the caller who proved control of the mailbox (decision 0080); null before. */
    passwordHash: text(),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attemptsLeft: integer().notNull(),
    /** Set when the code is verified: proof the caller owns the email, valid until the account is created. */
    verifiedTokenHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('signup_codes_attempts_check', sql`${t.attemptsLeft} >= 0`)],
);

/** Counters of our own rate limits (sign-up codes per email and per IP), in rate-limiter-flexible's shape. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  points: integer().notNull(),
  expire: timestamp({ withTimezone: true }),
});
