import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client.ts';
import { preparedQuery } from '../../platform/db/prepared.ts';
import { isUuid, qualified } from '../../platform/db/sql.ts';
import { sessions } from '../../platform/db/schema/agenda.ts';
import { eventAttendees, eventCoOwners, events, eventVolunteers } from '../../platform/db/schema/events.ts';
import { sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { canParticipate, type EventRelation } from './policies.ts';

const q = qualified;

/** The ways a user stands with an event; each is a row that says so. */
export type Stand = 'owner' | 'coOwner' | 'volunteer' | 'attendee' | 'sponsorRep';

/**
 * Each way of standing with the event whose id is `eventId`, as an SQL condition: the one statement of these facts,
 * which the relation's columns and the list filter (standsWith) both read.
 */
function stands(userId: string | Placeholder, eventId: SQL): Record<Stand, SQL> {
  return {
    owner: sql`exists (select 1 from ${events} as "stand_event" where "stand_event"."id" = ${eventId} and "stand_event"."created_by" = ${userId}::uuid)`,
    coOwner: sql`exists (select 1 from ${eventCoOwners} where ${q(eventCoOwners.eventId)} = ${eventId} and ${q(eventCoOwners.userId)} = ${userId}::uuid)`,
    volunteer: sql`exists (select 1 from ${eventVolunteers} where ${q(eventVolunteers.eventId)} = ${eventId} and ${q(eventVolunteers.userId)} = ${userId}::uuid)`,
    attendee: sql`exists (select 1 from ${eventAttendees} where ${q(eventAttendees.eventId)} = ${eventId} and ${q(eventAttendees.userId)} = ${userId}::uuid)`,
    sponsorRep: sql`exists (select 1 from ${sponsorRepresentatives} join ${sponsors} on ${q(sponsors.id)} = ${q(sponsorRepresentatives.sponsorId)} where ${q(sponsors.eventId)} = ${eventId} and ${q(sponsorRepresentatives.userId)} = ${userId}::uuid)`,
  };
}

/**
 * The caller's relation to the event of the surrounding query (on `events`), as boolean columns: one query gives a
 * single event's relation (loadEventRelation) or every listed event's (the dashboard lists).
 */
export function relationColumns(userId: string | Placeholder) {
  const of = stands(userId, q(events.id));
  return {
    // The surrounding row is the event itself: its owner is read from it, not looked up again.
    isOwner: sql<boolean>`${q(events.createdBy)} is not distinct from ${userId}::uuid`,
    isCoOwner: sql<boolean>`${of.coOwner}`,
    isVolunteer: sql<boolean>`${of.volunteer}`,
    isAttendee: sql<boolean>`${of.attendee}`,
    isSponsorRep: sql<boolean>`${of.sponsorRep}`,
  };
}

const relationQuery = preparedQuery('mingle_event_relation', (db) =>
  db
    .select(relationColumns(sql.placeholder('userId')))
    .from(events)
    .where(eq(events.id, sql.placeholder('eventId'))),
);

/** How a user stands with an event, in one indexed query; null when the event does not exist. */
export async function loadEventRelation(db: DbOrTx, userId: string, eventId: string): Promise<EventRelation | null> {
  if (!isUuid(eventId)) return null;
  const [row] = await relationQuery(db).execute({ userId, eventId });
  return row ?? null;
}

const eventWithRelationQuery = preparedQuery('mingle_event_with_relation', (db) =>
  db
    .select({ row: events, relation: relationColumns(sql.placeholder('userId')) })
    .from(events)
    .where(eq(events.id, sql.placeholder('eventId'))),
);

/** The event's row with the caller's relation to it, in one query; null when the event does not exist. */
export async function loadEventWithRelation(db: DbOrTx, userId: string, eventId: string) {
  if (!isUuid(eventId)) return null;
  const [found] = await eventWithRelationQuery(db).execute({ userId, eventId });
  return found ?? null;
}

/** The event an agenda session belongs to; null when the session does not exist. */
export async function eventIdOfSession(db: DbOrTx, sessionId: string): Promise<string | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await db.select({ eventId: sessions.eventId }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.eventId ?? null;
}

/**
 * The deny-by-default gate of an event route: a missing event, or one the caller takes no part in, is a 404 (its
 * existence is not confirmed); a participant who may not do this is a 403.
 */
export function assertEventPermission(
  caller: Caller,
  relation: EventRelation | null,
  allowed: (caller: Caller, relation: EventRelation) => boolean,
  notFoundMessage = 'Event not found',
): asserts relation is EventRelation {
  if (!relation) throw notFound(notFoundMessage);
  if (allowed(caller, relation)) return;
  if (canParticipate(caller, relation)) throw forbidden();
  throw notFound(notFoundMessage);
}

/** Every way to take part in an event: what `participatesIn` asks. */
export const PARTICIPANT: readonly Stand[] = ['owner', 'coOwner', 'volunteer', 'attendee', 'sponsorRep'];
/** The organizers: who manages an event (its dashboard, tickets, volunteers). */
export const MANAGER: readonly Stand[] = ['owner', 'coOwner'];

/**
 * SQL: the user stands with the event whose id is `eventIdColumn` in one of the given ways. The one where-builder of
 * every query scoped to "events the caller manages / takes part in", for list queries that filter many events at once.
 */
export function standsWith(userId: string, eventIdColumn: AnyPgColumn, ways: readonly Stand[]): SQL {
  const of = stands(userId, qualified(eventIdColumn));
  return sql`(${sql.join(
    ways.map((way) => of[way]),
    sql` or `,
  )})`;
}

/** SQL: the user takes part in the event (owner, co-owner, volunteer, attendee or sponsor representative). */
export function participatesIn(userId: string, eventIdColumn: AnyPgColumn): SQL {
  return standsWith(userId, eventIdColumn, PARTICIPANT);
}
