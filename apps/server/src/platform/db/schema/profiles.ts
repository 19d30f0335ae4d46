import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LEVELS, USER_TYPES, type UserType } from '@mingle/shared/core/constants';
import { authUsers } from './auth.ts';
import { inList } from './sql-helpers.ts';

/**
 * One profile per account (spec 01 and 02 "profiles"); the id is the auth user's id. The spec's other names for
 * the same data are these columns: company = company_or_institution, interests = selected_interests.
 * The personal QR token is stored only as its SHA-256 hash (a scan hashes what it reads and looks it up), so a
 * database leak gives no usable token; hash and expiry are set and cleared together.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid()
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    fullName: text().notNull(),
    userType: text().$type<UserType>(),
    companyOrInstitution: text(),
    jobTitle: text(),
    selectedInterests: text().array().notNull().default(sql`'{}'::text[]`),
    selectedGoals: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * What matchmaking compares: the interests and goals trimmed, lower-cased and distinct, kept by PostgreSQL
     * (mingle_lower_keys, created by migration 0004, as drizzle cannot declare functions). Discovery scores every
     * reachable person with a few `key = any(...)` tests on these instead of lower-casing each entry per request,
     * and finds who shares any key through their GIN indexes.
     */
    interestKeys: text()
      .array()
      .notNull()
      .generatedAlwaysAs(sql`mingle_lower_keys(selected_interests)`),
    goalKeys: text()
      .array()
      .notNull()
      .generatedAlwaysAs(sql`mingle_lower_keys(selected_goals)`),
    /**
     * What Discover Attendees searches: name, company, job title, interests and goals, lower-cased, joined by a unit
     * separator (chr(31)) so a search never matches across two fields (mingle_search_text, migration 0004). Kept
     * by PostgreSQL so a search is one LIKE per person, answered through a trigram index (pg_trgm).
     */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(sql`mingle_search_text(full_name, company_or_institution, job_title, selected_interests, selected_goals)`),
    bio: text(),
    linkedinUrl: text(),
    githubUrl: text(),
    showLinkedin: boolean().notNull().default(true),
    showGithub: boolean().notNull().default(true),
    avatarUrl: text(),
    level: integer().notNull().default(1),
    points: integer().notNull().default(0),
    totalInteractions: integer().notNull().default(0),
    /** Listed in Discover Attendees (and the Networking tab); false = the person left the directory. */
    discoverable: boolean().notNull().default(true),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    qrTokenHash: text(),
    qrTokenExpiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_qr_token_hash_key').on(t.qrTokenHash),
    // Newest profiles first (networking tab, discovery), paginated by (created_at, id). Indexes in these files are
    // ascending on purpose: PostgreSQL scans them backwards for `order by created_at desc, id desc`, whereas
    // drizzle's .desc() builds DESC NULLS LAST, which a plain `desc` ordering cannot use.
    index('profiles_created_at_idx').on(t.createdAt, t.id),
    // Discover Attendees (docs/decisions/0140): "Recommended for you" finds who shares a key with the viewer
    // (`&&`) through these, and a search is a LIKE '%text%' on the search text through its trigrams (pg_trgm,
    // created by migration 0008).
    index('profiles_interest_keys_idx').using('gin', t.interestKeys),
    index('profiles_goal_keys_idx').using('gin', t.goalKeys),
    index('profiles_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('profiles_user_type_check', inList(t.userType, USER_TYPES)),
    check('profiles_level_check', sql`${t.level} between 1 and ${sql.raw(String(LEVELS.length))}`),
    check('profiles_points_check', sql`${t.points} >= 0`),
    check('profiles_total_interactions_check', sql`${t.totalInteractions} >= 0`),
    check('profiles_qr_token_check', sql`(${t.qrTokenHash} is null) = (${t.qrTokenExpiresAt} is null)`),
  ],
);
