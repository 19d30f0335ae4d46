import { sql, type SQL } from 'drizzle-orm';

// The door's headline figures as SQL over the event whose id is `eventId` (a parameter or a column of the surrounding
// query): the check-in card and the manager dashboard's event rows count the same way.

/** People holding a place. */
export const registeredCount = (eventId: SQL) => sql<number>`(select count(*)::int from event_attendees a where a.event_id = ${eventId})`;

/**
 * People holding a place with an active check-in at any point: one undone and checked in again counts once, and one
 * who gave up their place since no longer counts.
 */
export const checkedInCount = (eventId: SQL) =>
  sql<number>`(select count(distinct c.user_id)::int from check_ins c
               where c.event_id = ${eventId} and c.undone_at is null
                 and exists (select 1 from event_attendees a where a.event_id = c.event_id and a.user_id = c.user_id))`;
