import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { sessionBookmarks, sessions } from '../../platform/db/schema/agenda.ts';
import { events } from '../../platform/db/schema/events.ts';
import { participatesIn } from '../event-access/index.ts';
import { calendarOf } from './calendar.ts';

/**
 * A person's My Schedule as the iCalendar file their calendar app subscribes to (calendar-feeds area): their
 * bookmarked sessions of the events they still take part in (a super admin's role adds nothing here: it is their
 * own schedule), by start time. One query by the bookmarks' user index.
 */
export async function scheduleCalendar(db: DbOrTx, userId: string): Promise<string> {
  const rows = await db
    .select({ session: sessions, eventName: events.name })
    .from(sessionBookmarks)
    .innerJoin(sessions, eq(sessions.id, sessionBookmarks.sessionId))
    .innerJoin(events, eq(events.id, sessions.eventId))
    .where(and(eq(sessionBookmarks.userId, userId), participatesIn(userId, sessions.eventId)))
    .orderBy(asc(sessions.startTime), asc(sessions.id));
  return calendarOf(rows, 'My Schedule');
}
