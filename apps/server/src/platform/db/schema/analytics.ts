import { check, foreignKey, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  EVENT_METRICS,
  SPONSOR_ACTIONS,
  type EventMetric,
  type SponsorAction,
} from '@mingle/shared/core/constants';
import { authUsers } from './auth.ts';
import { events } from './events.ts';
import { sponsors } from './sponsors.ts';
import { inList } from './sql-helpers.ts';

/**
 * Booth actions (visit, website click, contact click), append-only. Rows outlive the acting user's account (set
 * null) so the sponsor's counts stay; event_id is always the sponsor's event (composite foreign key).
 */
export const sponsorAnalytics = pgTable(
  'sponsor_analytics',
  {
    id: uuid().primaryKey().defaultRandom(),
    sponsorId: uuid().notNull(),
    eventId: uuid().notNull(),
    userId: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    actionType: text().$type<SponsorAction>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'sponsor_analytics_sponsor_event_fk',
      columns: [t.sponsorId, t.eventId],
      foreignColumns: [sponsors.id, sponsors.eventId],
    }).onDelete('cascade'),
    index('sponsor_analytics_sponsor_created_idx').on(t.sponsorId, t.createdAt),
    index('sponsor_analytics_event_created_idx').on(t.eventId, t.createdAt),
    index('sponsor_analytics_user_id_idx').on(t.userId),
    check('sponsor_analytics_action_type_check', inList(t.actionType, SPONSOR_ACTIONS)),
  ],
);

/**
 * Event metrics, one append-only row per occurrence (counted by metric_type). user_id is who caused it, if known;
 * details holds what the metric is about (for example the session or sponsor id) for the Sessions/Sponsors tabs.
 */
export const eventAnalytics = pgTable(
  'event_analytics',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    metricType: text().$type<EventMetric>().notNull(),
    userId: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    details: jsonb().$type<Record<string, unknown>>(),
    /**
     * Set on rows counted once per key (decision 0094: a page view is one row per visitor, page and UTC day, keyed on
     * an HMAC of them); a second row with the same key is not written. Null: every row counts.
     */
    dedupeKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_analytics_event_metric_created_idx').on(t.eventId, t.metricType, t.createdAt),
    uniqueIndex('event_analytics_dedupe_key').on(t.dedupeKey),
    index('event_analytics_user_id_idx').on(t.userId),
    check('event_analytics_metric_type_check', inList(t.metricType, EVENT_METRICS)),
  ],
);
