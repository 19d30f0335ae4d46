import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  SESSION_MAX_TAGS,
  SESSION_TYPES,
  type SessionType,
} from '@mingle/shared/core/constants';
import { authUsers } from './auth.ts';
import { events } from './events.ts';
import { inList, isTimeZoneName } from './sql-helpers.ts';

/**
 * Agenda sessions of an event (spec 02 "sessions"; not the auth sessions, which are auth_sessions). Times are
 * instants; timezone is the zone the session is shown in. A workshop needs a host; max_capacity null = unlimited.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    speakerName: text(),
    speakerBio: text(),
    sessionType: text().$type<SessionType>().notNull().default('topic'),
    startTime: timestamp({ withTimezone: true }).notNull(),
    endTime: timestamp({ withTimezone: true }).notNull(),
    timezone: text().notNull().default('UTC'),
    location: text(),
    maxCapacity: integer(),
    /**
     * Check-ins so far, kept by the check-in write itself (insert the attendance row, then
     * `checked_in_count + 1 where max_capacity is null or checked_in_count < max_capacity`, in one transaction):
     * the update's row lock makes the capacity exact under parallel check-ins, and the agenda reads counts without
     * counting attendance rows.
     */
    checkedInCount: integer().notNull().default(0),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    networkingSlotsOpen: boolean().notNull().default(false),
    hostName: text(),
    referenceUrl: text(),
    createdBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_event_start_idx').on(t.eventId, t.startTime),
    // Sessions about to start, across events (the reminders' sweep, every minute).
    index('sessions_start_time_idx').on(t.startTime),
    index('sessions_created_by_idx').on(t.createdBy),
    check('sessions_session_type_check', inList(t.sessionType, SESSION_TYPES)),
    check('sessions_timezone_check', isTimeZoneName(t.timezone)),
    check('sessions_times_check', sql`${t.endTime} > ${t.startTime}`),
    check('sessions_max_capacity_check', sql`${t.maxCapacity} > 0`),
    check('sessions_checked_in_count_check', sql`${t.checkedInCount} >= 0`),
    check('sessions_tags_check', sql`cardinality(${t.tags}) <= ${sql.raw(String(SESSION_MAX_TAGS))}`),
    check('sessions_workshop_host_check', sql`${t.sessionType} <> 'workshop' or ${t.hostName} is not null`),
  ],
);

/** A user's bookmarked sessions ("My Schedule"): one per (session, user); deleted by id to un-bookmark. */
export const sessionBookmarks = pgTable(
  'session_bookmarks',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the person was reminded of the session (areas/agenda/reminders.ts); cleared when the session moves. */
    remindedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('session_bookmarks_session_user_key').on(t.sessionId, t.userId),
    // The user's schedule, newest first.
    index('session_bookmarks_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);

/** Session check-ins: a one-way insert, one per (session, user); a repeat is a unique violation. */
export const sessionAttendance = pgTable(
  'session_attendance',
  {
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    checkedInAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('session_attendance_user_id_idx').on(t.userId)],
);
