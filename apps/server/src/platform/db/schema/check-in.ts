import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { events } from './events.ts';

/** The places an event checks people in ("Main entrance", "Day 2"), in `position` order; an event may have none. */
export const checkInPoints = pgTable(
  'check_in_points',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('check_in_points_event_name_key').on(t.eventId, sql`lower(${t.name})`), index('check_in_points_event_position_idx').on(t.eventId, t.position)],
);

/**
 * A person let in at a point (null: the event's one door when it names no points). A person holds at most one active
 * check-in per point: the partial unique index is the last word when two volunteers scan them at once, or sync the
 * same person from two phones that were offline. Undoing keeps the row and says who undid it and when; checking in
 * again adds a new row. (checked_in_by, client_check_in_id) makes a resent check-in answer what the first did.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    // A point with check-ins is not removed (areas/check-in/settings.ts): its history stays readable.
    pointId: uuid().references(() => checkInPoints.id, { onDelete: 'restrict' }),
    /** When the person was let in: the scan's time on the device, which may be earlier than the server heard of it. */
    checkedInAt: timestamp({ withTimezone: true }).notNull(),
    checkedInBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    clientCheckInId: text(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp({ withTimezone: true }),
    undoneBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('check_ins_active_key')
      .on(t.eventId, t.userId, sql`coalesce(${t.pointId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.undoneAt} is null`),
    uniqueIndex('check_ins_client_key').on(t.checkedInBy, t.clientCheckInId),
    // The door's recent list and the figures over time.
    index('check_ins_event_at_idx').on(t.eventId, t.checkedInAt, t.id),
    index('check_ins_user_id_idx').on(t.userId),
    index('check_ins_point_id_idx').on(t.pointId),
    index('check_ins_undone_by_idx').on(t.undoneBy),
    check('check_ins_undone_check', sql`${t.undoneBy} is null or ${t.undoneAt} is not null`),
  ],
);
