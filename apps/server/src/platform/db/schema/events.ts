import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ACCESS_TYPES,
  EVENT_TYPES,
  INVITATION_ROLES,
  INVITATION_STATUSES,
  type AccessType,
  type EventType,
  type InvitationRole,
  type InvitationStatus,
} from '@mingle/shared/core/constants';
import { authUsers } from './auth.ts';
// A cycle (sponsors reference events), harmless: Drizzle resolves references lazily, after both modules load.
// eslint-disable-next-line import-x/no-cycle -- see above
import { sponsors } from './sponsors.ts';
import { mailOutbox } from './mail.ts';
import { inList, isTimeZoneName } from './sql-helpers.ts';

/**
 * Events (spec 02). created_by is the owner and is required: deleting an account that still owns events is
 * refused (restrict) rather than silently deleting the events with their attendees, or leaving them ownerless;
 * the account-deletion flow must delete or hand over the events first. The slug is the public landing path
 * (/event/{slug}), made from the name at creation; it and the custom domain are stored lower-case and unique.
 */
export const events = pgTable(
  'events',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull(),
    customDomain: text(),
    description: text(),
    logoUrl: text(),
    startDate: timestamp({ withTimezone: true }).notNull(),
    endDate: timestamp({ withTimezone: true }).notNull(),
    eventType: text().$type<EventType>().notNull().default('in_person'),
    /** The zone the event's dates are shown in (an IANA name); events from before it existed read as UTC. */
    timezone: text().notNull().default('UTC'),
    location: text(),
    allowAttendeeNetworking: boolean().notNull().default(false),
    allowSessionMeetings: boolean().notNull().default(true),
    registrationOpen: boolean().notNull().default(false),
    /** Places for registrations (null: unlimited); a registration past it waits (event_waitlist). */
    capacity: integer(),
    /** The window of self-registration while registration_open is on; null leaves that side open. */
    registrationOpensAt: timestamp({ withTimezone: true }),
    registrationClosesAt: timestamp({ withTimezone: true }),
    /** Goodies go only to people checked in at the door (spec 02); an event without a door turns this off. */
    goodiesRequireCheckIn: boolean().notNull().default(true),
    createdBy: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_slug_key').on(t.slug),
    uniqueIndex('events_custom_domain_key').on(t.customDomain),
    // "My events" of a manager, newest start first; all events by start date; active count by end date.
    index('events_created_by_start_date_idx').on(t.createdBy, t.startDate, t.id),
    index('events_start_date_idx').on(t.startDate, t.id),
    index('events_end_date_idx').on(t.endDate),
    // The super admin's event list, newest first by keyset.
    index('events_created_at_id_idx').on(t.createdAt, t.id),
    // The dashboard's "All Events" adds the events whose owner opened registration, by start date.
    index('events_registration_open_start_idx')
      .on(t.startDate, t.id)
      .where(sql`${t.registrationOpen}`),
    check('events_event_type_check', inList(t.eventType, EVENT_TYPES)),
    check('events_timezone_check', isTimeZoneName(t.timezone)),
    check('events_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check('events_capacity_check', sql`${t.capacity} > 0`),
    check('events_registration_window_check', sql`${t.registrationClosesAt} > ${t.registrationOpensAt}`),
    check('events_slug_check', sql`${t.slug} ~ '^[a-z0-9-]+$'`),
    check('events_custom_domain_check', sql`${t.customDomain} = lower(${t.customDomain}) and ${t.customDomain} <> ''`),
  ],
);

/** Who is registered for an event, and whether and from whom they received the event's goodie. */
export const eventAttendees = pgTable(
  'event_attendees',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    registeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    goodiesReceived: boolean().notNull().default(false),
    goodiesReceivedAt: timestamp({ withTimezone: true }),
    goodiesReceivedFrom: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    /** When the day-before reminder was sent to the attendee (areas/agenda/reminders.ts). */
    remindedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('event_attendees_event_user_key').on(t.eventId, t.userId),
    index('event_attendees_user_id_idx').on(t.userId),
    // Attendee list of an event, paginated by (registered_at, id).
    index('event_attendees_event_registered_idx').on(t.eventId, t.registeredAt, t.id),
    // "Attendees who received goodies", by time received.
    index('event_attendees_goodies_idx')
      .on(t.eventId, t.goodiesReceivedAt)
      .where(sql`${t.goodiesReceived}`),
    index('event_attendees_goodies_from_idx').on(t.goodiesReceivedFrom),
    check('event_attendees_goodies_check', sql`${t.goodiesReceived} = (${t.goodiesReceivedAt} is not null)`),
  ],
);

/** Access to an event granted to a user (by invitation acceptance or by an organizer): one row per pair. */
export const userEventAccess = pgTable(
  'user_event_access',
  {
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    accessType: text().$type<AccessType>().notNull(),
    grantedBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.eventId] }),
    index('user_event_access_event_id_idx').on(t.eventId),
    index('user_event_access_granted_by_idx').on(t.grantedBy),
    check('user_event_access_access_type_check', inList(t.accessType, ACCESS_TYPES)),
  ],
);

/** Per-event co-owner grant (a promoted volunteer): all owner rights except deleting the event. */
export const eventCoOwners = pgTable(
  'event_co_owners',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    promotedBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_co_owners_event_user_key').on(t.eventId, t.userId),
    index('event_co_owners_user_id_idx').on(t.userId),
    index('event_co_owners_promoted_by_idx').on(t.promotedBy),
  ],
);

/**
 * Volunteers of an event with their goodie allocation. The checks make over-distribution impossible: a
 * distribution is `update ... set distributed_goodies = distributed_goodies + 1`, which fails once it would
 * exceed allocated_goodies, however many volunteers scan at once.
 */
export const eventVolunteers = pgTable(
  'event_volunteers',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    allocatedGoodies: integer().notNull().default(0),
    distributedGoodies: integer().notNull().default(0),
    addedBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_volunteers_event_user_key').on(t.eventId, t.userId),
    index('event_volunteers_user_id_idx').on(t.userId),
    index('event_volunteers_added_by_idx').on(t.addedBy),
    check('event_volunteers_allocated_check', sql`${t.allocatedGoodies} >= 0`),
    check('event_volunteers_distributed_check', sql`${t.distributedGoodies} >= 0`),
    check('event_volunteers_remaining_check', sql`${t.distributedGoodies} <= ${t.allocatedGoodies}`),
  ],
);

/**
 * Email invitations to an event, valid 7 days. Only the SHA-256 hash of the token is stored (the token itself
 * travels in the link). Emails are stored lower-case. At most one pending invitation per (event, email): a resend
 * replaces the pending row's token and expiry instead of adding a second live link. `role` says what acceptance
 * makes of the person: an attendee (bulk invitations) or a volunteer with `allocated_goodies` (an organizer adding
 * a volunteer who has no account yet). Expiry is read from expires_at; `expired` is what lists show for a pending
 * row past it.
 */
export const eventInvitations = pgTable(
  'event_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    tokenHash: text().notNull(),
    status: text().$type<InvitationStatus>().notNull().default('pending'),
    role: text().$type<InvitationRole>().notNull().default('attendee'),
    allocatedGoodies: integer().notNull().default(0),
    /** The sponsor a `sponsor_representative` invitation is for (null for every other role). */
    sponsorId: uuid().references(() => sponsors.id, { onDelete: 'cascade' }),
    /**
     * Which grant a pending invitation is the live link of: the attendee/volunteer invitation of the event
     * ('event'), its co-ownership, or one sponsor's representation. One pending row per (event, email, slot).
     */
    slot: text()
      .notNull()
      .generatedAlwaysAs(
        sql`case when role = 'sponsor_representative' then 'sponsor:' || coalesce(sponsor_id::text, '') when role = 'co_owner' then 'co_owner' else 'event' end`,
      ),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    invitedBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    /** The latest email of the invitation, whose delivery status the organizer sees (null once the outbox purged it). */
    mailId: uuid().references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_invitations_token_hash_key').on(t.tokenHash),
    index('event_invitations_event_email_idx').on(t.eventId, t.email),
    // An event's invitations, newest first, paginated by (created_at, id).
    index('event_invitations_event_created_idx').on(t.eventId, t.createdAt, t.id),
    uniqueIndex('event_invitations_pending_key')
      .on(t.eventId, t.email, t.slot)
      .where(sql`${t.status} = 'pending'`),
    // Pending invitations of a newly signed-up email.
    index('event_invitations_email_idx').on(t.email),
    index('event_invitations_invited_by_idx').on(t.invitedBy),
    // The outbox purge sets it null: without an index each purged row would scan the invitations.
    index('event_invitations_mail_id_idx').on(t.mailId),
    check('event_invitations_status_check', inList(t.status, INVITATION_STATUSES)),
    check('event_invitations_role_check', inList(t.role, INVITATION_ROLES)),
    check('event_invitations_allocated_check', sql`${t.allocatedGoodies} >= 0`),
    check('event_invitations_email_check', sql`${t.email} = lower(${t.email})`),
    check('event_invitations_sponsor_check', sql`(${t.role} = 'sponsor_representative') = (${t.sponsorId} is not null)`),
    index('event_invitations_sponsor_id_idx').on(t.sponsorId),
    check('event_invitations_accepted_check', sql`(${t.status} = 'accepted') = (${t.acceptedAt} is not null)`),
  ],
);

/**
 * One row per goodie handed out. unique (event_id, participant_id): a participant gets at most one goodie per
 * event, whoever scans. unique (volunteer_id, client_scan_id): a volunteer's offline scan that is sent again is
 * recognised as the same scan and never gives twice. Rows outlive the volunteer's account (set null) so the
 * totals stay right; a volunteer cannot give themselves a goodie.
 */
export const goodieDistributions = pgTable(
  'goodie_distributions',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    participantId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    volunteerId: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    clientScanId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goodie_distributions_event_participant_key').on(t.eventId, t.participantId),
    uniqueIndex('goodie_distributions_volunteer_scan_key')
      .on(t.volunteerId, t.clientScanId)
      .where(sql`${t.clientScanId} is not null`),
    index('goodie_distributions_event_created_idx').on(t.eventId, t.createdAt, t.id),
    index('goodie_distributions_volunteer_created_idx').on(t.volunteerId, t.createdAt),
    index('goodie_distributions_participant_id_idx').on(t.participantId),
    check('goodie_distributions_self_check', sql`${t.participantId} <> ${t.volunteerId}`),
  ],
);
