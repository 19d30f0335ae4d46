import { createEvents, type EventAttributes } from 'ics';
import type { MeetingDto } from '@mingle/shared/meetings/contract';

/** An accepted meeting as a calendar entry (instants in UTC, so every calendar shows them in its own zone). */
function toIcsEvent(meeting: MeetingDto, viewerId: string): EventAttributes {
  const other = meeting.requester.id === viewerId ? meeting.recipient : meeting.requester;
  const start = Date.parse(meeting.proposedTime);
  const event: EventAttributes & { timestamp: number } = {
    uid: `meeting-${meeting.id}@mingle`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: start + meeting.durationMinutes * 60_000,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Meeting with ${other.fullName}`,
    description: [meeting.agenda, meeting.eventName ? `Event: ${meeting.eventName}` : null, meeting.meetingType === 'virtual' ? 'Virtual meeting' : 'In person']
      .filter(Boolean)
      .join('\n'),
    location: meeting.location ?? undefined,
    status: 'CONFIRMED',
    productId: 'mingle/meetings',
    // DTSTAMP from the row, not the clock: the same meetings give the same file, so a subscribed calendar's next
    // poll is answered by its ETag (the library takes it, its types do not list it).
    timestamp: Date.parse(meeting.createdAt),
  };
  return event;
}

/** Accepted meetings as an iCalendar file: one meeting's download, or a person's subscribed feed (`calendarName`). */
export function meetingCalendar(meetings: MeetingDto | MeetingDto[], viewerId: string, calendarName?: string): string {
  const list = Array.isArray(meetings) ? meetings : [meetings];
  const { error, value } = createEvents(
    list.map((meeting) => toIcsEvent(meeting, viewerId)),
    { productId: 'mingle/meetings', method: 'PUBLISH', calName: calendarName },
  );
  if (error || value == null) throw error ?? new Error('calendar could not be built');
  return value;
}
