import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_KINDS, type ConsentKind } from '@mingle/shared/privacy/consents';
import { authUsers } from './auth.ts';
import { inList } from './sql-helpers.ts';

/**
 * What a person consented to (issue 23, decision 0191): one row per time a consent was given, closed by
 * `withdrawn_at` when it is withdrawn, so the history keeps when each was given. At most one open row per person and
 * kind (the partial unique index): giving twice in parallel leaves one, and withdrawing closes it in one statement.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text().$type<ConsentKind>().notNull(),
    /** The terms text agreed to (TERMS_VERSION); null for the sharing consent. */
    version: text(),
    givenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('consents_open_key').on(t.userId, t.kind).where(sql`${t.withdrawnAt} is null`),
    index('consents_user_kind_idx').on(t.userId, t.kind, t.givenAt),
    check('consents_kind_check', inList(t.kind, CONSENT_KINDS)),
    check('consents_withdrawn_check', sql`${t.withdrawnAt} is null or ${t.withdrawnAt} >= ${t.givenAt}`),
  ],
);
