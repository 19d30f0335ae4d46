import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_SESSION_REMINDER_LEAD, NOTIFICATION_KINDS, SESSION_REMINDER_LEADS, type NotificationKind } from '@mingle/shared/core/constants';
import type { NotificationText } from '@mingle/shared/notifications/texts';
import { authUsers } from './auth.ts';
import { events } from './events.ts';
import { inList } from './sql-helpers.ts';

/**
 * A person's in-app notifications (issue 19), theirs alone. The text and link are written with the row (the payload),
 * so the list is one query on this table; the actor is who caused it (none for a goodie or an answer: those say
 * the event or the session). Unread while read_at is null.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationKind>().notNull(),
    eventId: uuid().references(() => events.id, { onDelete: 'cascade' }),
    actorId: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    payload: jsonb().$type<NotificationText>().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The newest-first page: `where user_id = ? order by created_at desc, id desc` is a backward scan of it.
    index('notifications_user_list_idx').on(t.userId, t.createdAt, t.id),
    // The bell's count and mark-all-read touch only the unread rows.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_event_id_idx').on(t.eventId),
    index('notifications_actor_id_idx').on(t.actorId),
    check('notifications_kind_check', inList(t.kind, NOTIFICATION_KINDS)),
  ],
);

/**
 * A person's switches for one kind of notification. No row means all on: only a kind someone changed is stored. The
 * mail and push senders read them through the notifications area's preferenceOf.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationKind>().notNull(),
    email: boolean().notNull().default(true),
    push: boolean().notNull().default(true),
    inApp: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check('notification_preferences_kind_check', inList(t.kind, NOTIFICATION_KINDS))],
);

/**
 * A device a person receives web push on: the push service's URL for it (unique: one browser profile, one row, whoever
 * signed in on it last) and the keys its messages are encrypted with. Removed when the person turns push off on the
 * device, or when the push service answers that the subscription is gone.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last push the service accepted for this device. */
    lastPushedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId, t.createdAt)],
);

/** A person's settings that are not per kind: how long before a bookmarked session its reminder comes. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid()
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    sessionReminderMinutes: integer().notNull().default(DEFAULT_SESSION_REMINDER_LEAD),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('notification_settings_lead_check', sql`${t.sessionReminderMinutes} in (${sql.raw(SESSION_REMINDER_LEADS.join(', '))})`)],
);
