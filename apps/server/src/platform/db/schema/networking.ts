import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CONNECTION_TYPES,
  INTERACTION_TYPES,
  type ConnectionType,
  type InteractionType,
} from '@mingle/shared/core/constants';
import { authUsers } from './auth.ts';
import { events } from './events.ts';
import { inList } from './sql-helpers.ts';

/**
 * Point-earning interactions (a connection made: +10 to the initiator). Rows survive the event's deletion (set
 * null) because the points they explain stay. At most one connection_made per unordered pair, so parallel or
 * repeated connects never award the points twice.
 */
export const userInteractions = pgTable(
  'user_interactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    initiatorId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    recipientId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    interactionType: text().$type<InteractionType>().notNull(),
    pointsAwarded: integer().notNull().default(0),
    eventId: uuid().references(() => events.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_interactions_connection_pair_key')
      .on(sql`least(${t.initiatorId}, ${t.recipientId})`, sql`greatest(${t.initiatorId}, ${t.recipientId})`)
      .where(sql`${t.interactionType} = 'connection_made'`),
    index('user_interactions_initiator_created_idx').on(t.initiatorId, t.createdAt),
    index('user_interactions_recipient_id_idx').on(t.recipientId),
    index('user_interactions_event_id_idx').on(t.eventId),
    check('user_interactions_interaction_type_check', inList(t.interactionType, INTERACTION_TYPES)),
    check('user_interactions_points_check', sql`${t.pointsAwarded} >= 0`),
    check('user_interactions_self_check', sql`${t.initiatorId} <> ${t.recipientId}`),
  ],
);

/**
 * Connections between two users, stored once per pair with the smaller id first (user_id_1 < user_id_2), so
 * "A connects B" and "B connects A" hit the same unique key. event_id is where they connected, if anywhere.
 */
export const userConnections = pgTable(
  'user_connections',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Explicit names: snake_case of userId1 would be user_id1.
    userId1: uuid('user_id_1')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    userId2: uuid('user_id_2')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    connectionType: text().$type<ConnectionType>().notNull(),
    eventId: uuid().references(() => events.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_connections_pair_key').on(t.userId1, t.userId2),
    index('user_connections_user_id_2_idx').on(t.userId2),
    index('user_connections_event_id_idx').on(t.eventId),
    check('user_connections_order_check', sql`${t.userId1} < ${t.userId2}`),
    check('user_connections_connection_type_check', inList(t.connectionType, CONNECTION_TYPES)),
  ],
);

/**
 * Options offered on the profile form: global ones (event_id null, managed by the super admin; marked default
 * when created without an event) and event-specific ones. A name is unique, case-insensitively, among the global
 * options and within each event: two partial unique indexes, since a plain unique key treats null event_ids as
 * all different. Only global options can be default.
 */
function optionTable<const N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: uuid().primaryKey().defaultRandom(),
      name: text().notNull(),
      isDefault: boolean().notNull().default(false),
      eventId: uuid().references(() => events.id, { onDelete: 'cascade' }),
      createdBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
      createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      uniqueIndex(`${name}_global_name_key`)
        .on(sql`lower(${t.name})`)
        .where(sql`${t.eventId} is null`),
      uniqueIndex(`${name}_event_name_key`)
        .on(t.eventId, sql`lower(${t.name})`)
        .where(sql`${t.eventId} is not null`),
      index(`${name}_created_by_idx`).on(t.createdBy),
      check(`${name}_name_check`, sql`${t.name} = btrim(${t.name}) and ${t.name} <> ''`),
      check(`${name}_default_check`, sql`not ${t.isDefault} or ${t.eventId} is null`),
    ],
  );
}

/** Professional interests a profile can select (see optionTable). */
export const professionalInterests = optionTable('professional_interests');

/** Networking goals a profile can select (see optionTable). */
export const networkingGoals = optionTable('networking_goals');
