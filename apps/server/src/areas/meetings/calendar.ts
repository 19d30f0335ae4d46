import { createEvents, type EventAttributes } from 'ics';
import type { MeetingDto } from '@mingle/shared/meetings/contract';

/** An accepted meeting as an iCalendar file (instants in UTC, so every calendar shows them in its own zone). */
export function meetingCalendar(meeting: MeetingDto, viewerId: string): string {
  const other = meeting.requester.id === viewerId ? meeting.recipient : meeting.requester;
  const start = Date.parse(meeting.proposedTime);
  const event: EventAttributes = {
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
  };
  const { error, value } = createEvents([event], { productId: 'mingle/meetings', method: 'PUBLISH' });
  if (error || value == null) throw error ?? new Error('calendar could not be built');
  return value;
}
