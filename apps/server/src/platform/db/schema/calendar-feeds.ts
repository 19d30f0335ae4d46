import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CALENDAR_FEED_KINDS, type CalendarFeedKind } from '@mingle/shared/calendar-feeds/inputs';
import { authUsers } from './auth.ts';
import { inList } from './sql-helpers.ts';

/**
 * A person's calendar subscription (decision 0173): one per person and kind, so turning it on again replaces the
 * row's token in one upsert and the old address stops working in the same statement. Only the SHA-256 of the token
 * is stored (the address is shown once); a poll finds its feed by that hash's unique index.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text().$type<CalendarFeedKind>().notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastPolledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_user_kind_key').on(t.userId, t.kind),
    uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash),
    check('calendar_feeds_kind_check', inList(t.kind, CALENDAR_FEED_KINDS)),
  ],
);
