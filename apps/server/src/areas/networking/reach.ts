import { SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { events, userEventAccess } from '../../platform/db/schema/events.ts';
import { blockedUsers } from '../../platform/db/schema/messages.ts';
import { userConnections } from '../../platform/db/schema/networking.ts';
import { qualified } from '../../platform/db/sql.ts';

// Who may find, meet and message whom (issue 5), shared by networking, meetings and messages so the three areas
// answer the same question the same way. Written as SQL over an outer column so list queries filter in one pass.

/** An outer column, qualified (see qualified()), or an SQL expression as it is. */
function outer(value: AnyPgColumn | SQL): SQL {
  return value instanceof SQL ? value : qualified(value);
}

/**
 * SQL: the person whose id is `otherIdColumn` shares with `viewerId` an event that has attendee networking on
 * (spec 02 section 6: "Attendee discovery lists only users who share an event with the viewer where that event
 * has allow_attendee_networking on"). Access rows are user_event_access, as in the spec's calls.
 */
export function sharesNetworkingEvent(viewerId: string, otherIdColumn: AnyPgColumn | SQL): SQL {
  const other = outer(otherIdColumn);
  return sql`exists (
    select 1 from ${userEventAccess} as "theirs"
    join ${userEventAccess} as "mine" on "mine"."event_id" = "theirs"."event_id" and "mine"."user_id" = ${viewerId}::uuid
    join ${events} as "shared_event" on "shared_event"."id" = "theirs"."event_id" and "shared_event"."allow_attendee_networking"
    where "theirs"."user_id" = ${other}
  )`;
}

/** SQL: the two are connected (the pair is stored smaller id first). */
export function isConnected(viewerId: string, otherIdColumn: AnyPgColumn | SQL): SQL {
  const other = outer(otherIdColumn);
  return sql`exists (
    select 1 from ${userConnections} as "pair"
    where "pair"."user_id_1" = least(${viewerId}::uuid, ${other}) and "pair"."user_id_2" = greatest(${viewerId}::uuid, ${other})
  )`;
}

/** SQL: either of the two blocked the other. */
export function eitherBlocked(viewerId: string, otherIdColumn: AnyPgColumn | SQL): SQL {
  const other = outer(otherIdColumn);
  return sql`exists (
    select 1 from ${blockedUsers} as "block"
    where ("block"."user_id" = ${viewerId}::uuid and "block"."blocked_user_id" = ${other})
       or ("block"."user_id" = ${other} and "block"."blocked_user_id" = ${viewerId}::uuid)
  )`;
}

/**
 * SQL: the viewer may meet or message the other person: they share a networking-enabled event, or are connected
 * (a connection made by QR code outlives the event).
 */
export function canReach(viewerId: string, otherIdColumn: AnyPgColumn | SQL): SQL {
  return sql`(${sharesNetworkingEvent(viewerId, otherIdColumn)} or ${isConnected(viewerId, otherIdColumn)})`;
}
