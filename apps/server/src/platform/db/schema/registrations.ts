import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REGISTRATION_ENDS } from '@mingle/shared/registrations/contract';
import { REGISTRATION_QUESTION_KINDS, type RegistrationQuestionKind } from '@mingle/shared/registrations/inputs';
import { authUsers } from './auth.ts';
import { events } from './events.ts';
import { inList } from './sql-helpers.ts';

/**
 * Who waits for a place of a full event, first come first served by (joined_at, id). A person is on an event's
 * waitlist at most once, and never while registered: the move to event_attendees deletes the row in the same
 * transaction, under the event row's lock that every registration takes (areas/registrations/service.ts).
 */
export const eventWaitlist = pgTable(
  'event_waitlist',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_waitlist_event_user_key').on(t.eventId, t.userId),
    // The queue of an event, and the organizer's list of it.
    index('event_waitlist_event_joined_idx').on(t.eventId, t.joinedAt, t.id),
    index('event_waitlist_user_id_idx').on(t.userId),
  ],
);

/**
 * Registrations and waitlist places that ended: by the person (cancelled_by is them) or an organizer (removed). The
 * organizer's "Cancelled" list and its count read here; a person who registers again gets a new attendee row and
 * keeps this history.
 */
export const registrationCancellations = pgTable(
  'registration_cancellations',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** What ended: a place ('registered') or a place in the queue ('waitlisted'). */
    endedFrom: text().$type<(typeof REGISTRATION_ENDS)[number]>().notNull(),
    byOrganizer: boolean().notNull(),
    cancelledBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    cancelledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registration_cancellations_event_at_idx').on(t.eventId, t.cancelledAt, t.id),
    index('registration_cancellations_user_id_idx').on(t.userId),
    index('registration_cancellations_cancelled_by_idx').on(t.cancelledBy),
    check('registration_cancellations_ended_from_check', inList(t.endedFrom, REGISTRATION_ENDS)),
  ],
);

/** The questions an event asks on registering, in `position` order; choice questions list their options. */
export const registrationQuestions = pgTable(
  'registration_questions',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    kind: text().$type<RegistrationQuestionKind>().notNull(),
    options: text().array().notNull().default(sql`'{}'::text[]`),
    required: boolean().notNull().default(false),
    position: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registration_questions_event_position_idx').on(t.eventId, t.position), check('registration_questions_kind_check', inList(t.kind, REGISTRATION_QUESTION_KINDS))],
);

/**
 * A person's answer to one question: one value for a text question, the options chosen for a choice. Written with the
 * registration (or the waitlist place), removed when it ends; a removed question takes its answers with it.
 */
export const registrationAnswers = pgTable(
  'registration_answers',
  {
    questionId: uuid()
      .notNull()
      .references(() => registrationQuestions.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    value: text().array().notNull(),
    answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] }), index('registration_answers_event_user_idx').on(t.eventId, t.userId), index('registration_answers_user_id_idx').on(t.userId)],
);
