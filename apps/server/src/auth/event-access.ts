import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions } from '../db/schema/agenda.ts';
import { eventAttendees, eventCoOwners, events, eventVolunteers } from '../db/schema/events.ts';
import { sponsorRepresentatives, sponsors } from '../db/schema/sponsors.ts';
import type { EventRelation } from './policies.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** How a user stands with an event, in one indexed query; null when the event does not exist. */
export async function loadEventRelation(db: DbOrTx, userId: string, eventId: string): Promise<EventRelation | null> {
  if (!isUuid(eventId)) return null;
  const [row] = await db
    .select({
      isOwner: sql<boolean>`${events.createdBy} is not distinct from ${userId}::uuid`,
      isCoOwner: sql<boolean>`exists (select 1 from ${eventCoOwners} where ${eventCoOwners.eventId} = ${events.id} and ${eventCoOwners.userId} = ${userId}::uuid)`,
      isVolunteer: sql<boolean>`exists (select 1 from ${eventVolunteers} where ${eventVolunteers.eventId} = ${events.id} and ${eventVolunteers.userId} = ${userId}::uuid)`,
      isAttendee: sql<boolean>`exists (select 1 from ${eventAttendees} where ${eventAttendees.eventId} = ${events.id} and ${eventAttendees.userId} = ${userId}::uuid)`,
      isSponsorRep: sql<boolean>`exists (select 1 from ${sponsorRepresentatives} join ${sponsors} on ${sponsors.id} = ${sponsorRepresentatives.sponsorId} where ${sponsors.eventId} = ${events.id} and ${sponsorRepresentatives.userId} = ${userId}::uuid)`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  return row ?? null;
}

/** The event an agenda session belongs to; null when the session does not exist. */
export async function eventIdOfSession(db: DbOrTx, sessionId: string): Promise<string | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await db.select({ eventId: sessions.eventId }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.eventId ?? null;
}
