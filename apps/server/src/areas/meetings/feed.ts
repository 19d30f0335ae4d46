import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { meetings } from '../../platform/db/schema/meetings.ts';
import { participatesIn } from '../event-access/index.ts';
import { meetingCalendar } from './calendar.ts';
import { joinedQuery, toMeetingDto } from './service.ts';

/**
 * A person's accepted meetings as the iCalendar file their calendar app subscribes to (calendar-feeds area): those
 * outside any event, and those of events they still take part in. Pending, declined and cancelled ones are not in
 * it, so a meeting cancelled after acceptance leaves the calendar at the next poll.
 */
export async function acceptedMeetingsCalendar(db: DbOrTx, userId: string): Promise<string> {
  const rows = await joinedQuery(db)
    .where(
      and(
        or(eq(meetings.requesterId, userId), eq(meetings.recipientId, userId)),
        eq(meetings.status, 'accepted'),
        or(isNull(meetings.eventId), participatesIn(userId, meetings.eventId)),
      ),
    )
    .orderBy(asc(meetings.proposedTime), asc(meetings.id))
    .limit(1000);
  return meetingCalendar(rows.map(toMeetingDto), userId, 'Mingle meetings');
}
