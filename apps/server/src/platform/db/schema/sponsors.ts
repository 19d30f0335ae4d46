import {
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  INTEREST_LEVELS,
  SPONSOR_TIERS,
  type InterestLevel,
  type SponsorTier,
} from '@mingle/shared/core/constants';
import { authUsers } from './auth.ts';
// eslint-disable-next-line import-x/no-cycle -- events.ts says why this cycle is harmless
import { events } from './events.ts';
import { inList } from './sql-helpers.ts';

/**
 * Sponsors of an event and their booth. unique (id, event_id) exists only as the target of the composite
 * foreign keys of leads and sponsor analytics, which makes their event_id always the sponsor's own event.
 */
export const sponsors = pgTable(
  'sponsors',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    companyName: text().notNull(),
    tier: text().$type<SponsorTier>().notNull().default('exhibitor'),
    logoUrl: text(),
    websiteUrl: text(),
    description: text(),
    contactEmail: text(),
    contactPhone: text(),
    boothNumber: text(),
    createdBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('sponsors_id_event_key').on(t.id, t.eventId),
    index('sponsors_event_id_idx').on(t.eventId),
    index('sponsors_created_by_idx').on(t.createdBy),
    check('sponsors_tier_check', inList(t.tier, SPONSOR_TIERS)),
  ],
);

/** People who may see a sponsor's lead dashboard (the sponsor's own staff), one row per (sponsor, user). */
export const sponsorRepresentatives = pgTable(
  'sponsor_representatives',
  {
    sponsorId: uuid()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    addedBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sponsorId, t.userId] }),
    index('sponsor_representatives_user_id_idx').on(t.userId),
    index('sponsor_representatives_added_by_idx').on(t.addedBy),
  ],
);

/**
 * A visitor's expressed interest in a sponsor: one lead per (sponsor, user), upserted on that key. visited_at
 * orders the dashboard (newest first), updated_at is the last change; event_id is always the sponsor's event
 * (composite foreign key).
 */
export const sponsorLeads = pgTable(
  'sponsor_leads',
  {
    id: uuid().primaryKey().defaultRandom(),
    sponsorId: uuid().notNull(),
    eventId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    interestLevel: text().$type<InterestLevel>().notNull().default('medium'),
    notes: text(),
    contactRequested: boolean().notNull().default(false),
    visitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'sponsor_leads_sponsor_event_fk',
      columns: [t.sponsorId, t.eventId],
      foreignColumns: [sponsors.id, sponsors.eventId],
    }).onDelete('cascade'),
    uniqueIndex('sponsor_leads_sponsor_user_key').on(t.sponsorId, t.userId),
    // A sponsor's leads, newest visit first (backward scan), paginated by (visited_at, id).
    index('sponsor_leads_sponsor_visited_idx').on(t.sponsorId, t.visitedAt, t.id),
    index('sponsor_leads_user_id_idx').on(t.userId),
    index('sponsor_leads_event_id_idx').on(t.eventId),
    check('sponsor_leads_interest_level_check', inList(t.interestLevel, INTEREST_LEVELS)),
  ],
);
