import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { preparedQuery } from '../../platform/db/prepared.ts';
import { isUuid } from '../../platform/db/sql.ts';
import { authSessions, authUsers } from '../../platform/db/schema/auth.ts';
import { events } from '../../platform/db/schema/events.ts';
import { callerSessionColumns, liveSession, type SessionCompanion } from '../../platform/auth/session.ts';
import { keepReadWithSession, relationColumns, type EventWithRelation } from './relation.ts';

/** `/api/events/:eventId` and everything under it: the event routes, which all begin by asking how the caller stands. */
const EVENT_PATH = /^\/api\/events\/([^/]+)(?:\/|$)/;

/** The caller's session and, in the same statement, the event of the path with how the caller stands with it. */
const callerWithEventQuery = preparedQuery('mingle_caller_with_event', (db) =>
  db
    .select({ session: callerSessionColumns, row: events, relation: relationColumns(authUsers.id) })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .leftJoin(events, eq(events.id, sql.placeholder('eventId')))
    .where(liveSession(sql.placeholder('token'))),
);

/**
 * The event of an event route's path, read with the caller's session (decision 0158): the route's own load of the
 * caller's relation (loadEventRelation, loadEventWithRelation) then costs no second round trip.
 */
export const eventWithSession: SessionCompanion<EventWithRelation | null> = {
  keyOf(path) {
    const eventId = EVENT_PATH.exec(path)?.[1];
    return eventId && isUuid(eventId) ? eventId : null;
  },
  async read(db: Database, token, eventId) {
    const [found] = await callerWithEventQuery(db).execute({ token, eventId });
    if (!found) return undefined;
    return { session: found.session, alongside: found.row ? { row: found.row, relation: found.relation } : null };
  },
  keep: keepReadWithSession,
};
