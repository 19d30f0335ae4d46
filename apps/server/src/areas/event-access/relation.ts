import { eq, is, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgTransaction, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client.ts';
import { preparedQuery } from '../../platform/db/prepared.ts';
import { isUuid, qualified } from '../../platform/db/sql.ts';
import { sessions } from '../../platform/db/schema/agenda.ts';
import { eventAttendees, eventCoOwners, events, eventVolunteers } from '../../platform/db/schema/events.ts';
import { eventWaitlist } from '../../platform/db/schema/registrations.ts';
import { sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { canParticipate, type EventRelation } from './policies.ts';

const q = qualified;

/** The user a relation is about: an id, a statement's placeholder, or a column of the surrounding query. */
type UserRef = string | Placeholder | AnyPgColumn;

/** The ways a user stands with an event; each is a row that says so. */
export type Stand = 'owner' | 'coOwner' | 'volunteer' | 'attendee' | 'waitlisted' | 'sponsorRep';

/**
 * Each way of standing with the event whose id is `eventId`, as an SQL condition: the one statement of these facts,
 * which the relation's columns and the list filter (standsWith) both read.
 */
function stands(userId: UserRef, eventId: SQL): Record<Stand, SQL> {
  return {
    owner: sql`exists (select 1 from ${events} as "stand_event" where "stand_event"."id" = ${eventId} and "stand_event"."created_by" = ${userId}::uuid)`,
    coOwner: sql`exists (select 1 from ${eventCoOwners} where ${q(eventCoOwners.eventId)} = ${eventId} and ${q(eventCoOwners.userId)} = ${userId}::uuid)`,
    volunteer: sql`exists (select 1 from ${eventVolunteers} where ${q(eventVolunteers.eventId)} = ${eventId} and ${q(eventVolunteers.userId)} = ${userId}::uuid)`,
    attendee: sql`exists (select 1 from ${eventAttendees} where ${q(eventAttendees.eventId)} = ${eventId} and ${q(eventAttendees.userId)} = ${userId}::uuid)`,
    waitlisted: sql`exists (select 1 from ${eventWaitlist} where ${q(eventWaitlist.eventId)} = ${eventId} and ${q(eventWaitlist.userId)} = ${userId}::uuid)`,
    sponsorRep: sql`exists (select 1 from ${sponsorRepresentatives} join ${sponsors} on ${q(sponsors.id)} = ${q(sponsorRepresentatives.sponsorId)} where ${q(sponsors.eventId)} = ${eventId} and ${q(sponsorRepresentatives.userId)} = ${userId}::uuid)`,
  };
}

/**
 * The caller's relation to the event of the surrounding query (on `events`), as boolean columns: one query gives a
 * single event's relation (loadEventRelation) or every listed event's (the dashboard lists).
 */
export function relationColumns(userId: UserRef) {
  const of = stands(userId, q(events.id));
  return {
    // The surrounding row is the event itself: its owner is read from it, not looked up again.
    isOwner: sql<boolean>`${q(events.createdBy)} is not distinct from ${userId}::uuid`,
    isCoOwner: sql<boolean>`${of.coOwner}`,
    isVolunteer: sql<boolean>`${of.volunteer}`,
    isAttendee: sql<boolean>`${of.attendee}`,
    isWaitlisted: sql<boolean>`${of.waitlisted}`,
    isSponsorRep: sql<boolean>`${of.sponsorRep}`,
  };
}

/** What the session's statement read along for a request's caller (session-companion.ts), until a load takes it. */
const readWithSession = new WeakMap<Caller, { eventId: string; found: EventWithRelation | null }>();

/** Hands the caller's standing with the event of the request's path, read with the session, to the first load. */
export function keepReadWithSession(caller: Caller, eventId: string, found: EventWithRelation | null): void {
  readWithSession.set(caller, { eventId, found });
}

/**
 * The read that came with the session, for the first load of that event's relation in the request outside a
 * transaction: it is as fresh as a query at the start of the request, which is where every route authorizes.
 * A later load, or one inside a transaction (which may hold locks and see its own writes), queries again.
 */
function takeReadWithSession(db: DbOrTx, who: Caller | string, eventId: string) {
  if (typeof who === 'string' || is(db, PgTransaction)) return undefined;
  const read = readWithSession.get(who);
  if (read?.eventId !== eventId) return undefined;
  readWithSession.delete(who);
  return read;
}

/**
 * A caller with an API key limited to one event, asking about another: to them it does not exist. The key's scope
 * middleware already keeps such a key to its event's paths; this holds for any route that reads an event another way.
 */
function outsideKeyScope(caller: Caller, eventId: string): boolean {
  const scoped = caller.apiKey?.eventId;
  return scoped != null && scoped !== eventId.toLowerCase();
}

const relationQuery = preparedQuery('mingle_event_relation', (db) =>
  db
    .select(relationColumns(sql.placeholder('userId')))
    .from(events)
    .where(eq(events.id, sql.placeholder('eventId'))),
);

/**
 * How a user (the caller, or a user's id) stands with an event, in one indexed query, or none when it came with the
 * caller's session; null when the event does not exist.
 */
export async function loadEventRelation(db: DbOrTx, who: Caller | string, eventId: string): Promise<EventRelation | null> {
  if (!isUuid(eventId) || (typeof who !== 'string' && outsideKeyScope(who, eventId))) return null;
  const read = takeReadWithSession(db, who, eventId);
  if (read) return read.found?.relation ?? null;
  const userId = typeof who === 'string' ? who : who.userId;
  const [row] = await relationQuery(db).execute({ userId, eventId });
  return row ?? null;
}

const eventWithRelationQuery = preparedQuery('mingle_event_with_relation', (db) =>
  db
    .select({ row: events, relation: relationColumns(sql.placeholder('userId')) })
    .from(events)
    .where(eq(events.id, sql.placeholder('eventId'))),
);

/** The event's row and how the caller stands with it. */
export type EventWithRelation = { row: typeof events.$inferSelect; relation: EventRelation };

/**
 * The event's row with the caller's relation to it, in one query, or none when it came with the caller's session;
 * null when the event does not exist.
 */
export async function loadEventWithRelation(db: DbOrTx, caller: Caller, eventId: string): Promise<EventWithRelation | null> {
  if (!isUuid(eventId) || outsideKeyScope(caller, eventId)) return null;
  const read = takeReadWithSession(db, caller, eventId);
  if (read) return read.found;
  const [found] = await eventWithRelationQuery(db).execute({ userId: caller.userId, eventId });
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
export function standsWith(userId: UserRef, eventIdColumn: AnyPgColumn, ways: readonly Stand[]): SQL {
  const of = stands(userId, qualified(eventIdColumn));
  return sql`(${sql.join(
    ways.map((way) => of[way]),
    sql` or `,
  )})`;
}

/**
 * SQL: the user (an id, or a column of the surrounding query) takes part in the event (owner, co-owner, volunteer,
 * attendee or sponsor representative).
 */
export function participatesIn(userId: UserRef, eventIdColumn: AnyPgColumn): SQL {
  return standsWith(userId, eventIdColumn, PARTICIPANT);
}
