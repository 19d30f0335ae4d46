import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';

/**
 * Direct messages. A thread is read through the pair index: query it with
 * `least(sender_id, recipient_id) = least($a, $b) and greatest(...) = greatest($a, $b)` ordered by
 * (created_at, id), so one index range gives both directions in order.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    senderId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    recipientId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When an unread-messages digest email took this message in (each message is in one digest at most). */
    digestedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('messages_pair_created_idx').on(
      sql`least(${t.senderId}, ${t.recipientId})`,
      sql`greatest(${t.senderId}, ${t.recipientId})`,
      t.createdAt,
      t.id,
    ),
    // Conversation list: every message the user sent or received, newest first.
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
    index('messages_recipient_created_idx').on(t.recipientId, t.createdAt),
    // Unread counts per conversation.
    index('messages_unread_idx')
      .on(t.recipientId, t.senderId)
      .where(sql`not ${t.read}`),
    check('messages_self_check', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);

/** user_id has blocked blocked_user_id: the blocked user can no longer message them. One row per pair. */
export const blockedUsers = pgTable(
  'blocked_users',
  {
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    blockedUserId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.blockedUserId] }),
    index('blocked_users_blocked_user_id_idx').on(t.blockedUserId),
    check('blocked_users_self_check', sql`${t.userId} <> ${t.blockedUserId}`),
  ],
);
