import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MEDIA_TYPES, type MediaType } from '@mingle/shared/core/constants';
import { authUsers } from './auth.ts';
import { events } from './events.ts';
import { sessions } from './agenda.ts';
import { inList } from './sql-helpers.ts';

/** Posts of an event's feed, pinned first then newest; media_url and media_type are set together or not at all. */
export const eventFeed = pgTable(
  'event_feed',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    isPinned: boolean().notNull().default(false),
    mediaUrl: text(),
    mediaType: text().$type<MediaType>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Pinned first, then newest: `order by is_pinned desc, created_at desc, id desc` is a backward scan.
    index('event_feed_event_list_idx').on(t.eventId, t.isPinned, t.createdAt, t.id),
    index('event_feed_author_id_idx').on(t.authorId),
    check('event_feed_media_type_check', inList(t.mediaType, MEDIA_TYPES)),
    check('event_feed_media_check', sql`(${t.mediaUrl} is null) = (${t.mediaType} is null)`),
  ],
);

/** Likes of feed posts, one per (post, user); the count is counted from here (no counter to drift). */
export const eventFeedLikes = pgTable(
  'event_feed_likes',
  {
    feedId: uuid()
      .notNull()
      .references(() => eventFeed.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.userId] }), index('event_feed_likes_user_id_idx').on(t.userId)],
);

/**
 * Questions of a session's Q&A. upvotes is a counter kept in the same transaction as qa_upvotes inserts and
 * deletes (it never goes below 0); an answered question has answered_at.
 */
export const sessionQa = pgTable(
  'session_qa',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    isAnonymous: boolean().notNull().default(false),
    upvotes: integer().notNull().default(0),
    isAnswered: boolean().notNull().default(false),
    answer: text(),
    answeredAt: timestamp({ withTimezone: true }),
    answeredBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Most upvoted first (backward scan), or oldest first by the second index.
    index('session_qa_session_upvotes_idx').on(t.sessionId, t.upvotes, t.createdAt, t.id),
    index('session_qa_session_created_idx').on(t.sessionId, t.createdAt, t.id),
    index('session_qa_user_id_idx').on(t.userId),
    index('session_qa_answered_by_idx').on(t.answeredBy),
    check('session_qa_upvotes_check', sql`${t.upvotes} >= 0`),
    check('session_qa_answered_check', sql`not ${t.isAnswered} or ${t.answeredAt} is not null`),
  ],
);

/** Upvotes of Q&A questions, one per (question, user). */
export const qaUpvotes = pgTable(
  'qa_upvotes',
  {
    questionId: uuid()
      .notNull()
      .references(() => sessionQa.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] }), index('qa_upvotes_user_id_idx').on(t.userId)],
);
