import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  MEETING_DURATION_LIMITS,
  MEETING_STATUSES,
  MEETING_TYPES,
  type MeetingStatus,
  type MeetingType,
} from '@mingle/shared/core/constants';
import { authUsers } from './auth.ts';
import { events } from './events.ts';
import { inList } from './sql-helpers.ts';

/**
 * 1:1 meeting requests, optionally within an event (they go with it when it is deleted). Requests start pending;
 * an accepted meeting has its confirmed_time; a virtual meeting stores no location.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid().references(() => events.id, { onDelete: 'cascade' }),
    requesterId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    recipientId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    proposedTime: timestamp({ withTimezone: true }).notNull(),
    confirmedTime: timestamp({ withTimezone: true }),
    durationMinutes: integer().notNull().default(MEETING_DURATION_LIMITS.default),
    meetingType: text().$type<MeetingType>().notNull().default('virtual'),
    location: text(),
    agenda: text().notNull(),
    status: text().$type<MeetingStatus>().notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('meetings_requester_time_idx').on(t.requesterId, t.proposedTime),
    index('meetings_recipient_time_idx').on(t.recipientId, t.proposedTime),
    index('meetings_event_id_idx').on(t.eventId),
    check('meetings_status_check', inList(t.status, MEETING_STATUSES)),
    check('meetings_meeting_type_check', inList(t.meetingType, MEETING_TYPES)),
    check(
      'meetings_duration_check',
      sql`${t.durationMinutes} between ${sql.raw(String(MEETING_DURATION_LIMITS.min))} and ${sql.raw(String(MEETING_DURATION_LIMITS.max))}`,
    ),
    check('meetings_self_check', sql`${t.requesterId} <> ${t.recipientId}`),
    check('meetings_confirmed_check', sql`${t.status} <> 'accepted' or ${t.confirmedTime} is not null`),
    check('meetings_virtual_location_check', sql`${t.meetingType} <> 'virtual' or ${t.location} is null`),
  ],
);
