import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { events } from './events.ts';

/**
 * A person's API key (issue 21, decision 0170): what a script sends instead of a password. Only the SHA-256 of the
 * key is kept (the key itself is shown once, when made); `start` is its first characters, for the person to tell
 * their keys apart. `access` narrows the owner's rights to reads or not; `event_id` to one event (null: every event
 * of the owner's). A revoked key keeps its row (the list says when it was revoked).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    start: text().notNull(),
    keyHash: text().notNull(),
    access: text({ enum: ['read', 'read-write'] }).notNull(),
    eventId: uuid().references(() => events.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every API request finds its key by this index.
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    // The person's list, newest first.
    index('api_keys_user_created_idx').on(t.userId, t.createdAt),
    index('api_keys_event_id_idx').on(t.eventId),
    check('api_keys_access_check', sql`${t.access} in ('read', 'read-write')`),
    check('api_keys_name_check', sql`char_length(${t.name}) between 1 and 60`),
  ],
);
