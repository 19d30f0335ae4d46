import type { ReactElement } from 'react';
import type { MeetingDto } from '@mingle/shared/meetings/contract';
import { formatWhen } from '../../../platform/mail/format.ts';
import { Facts, Paragraph, Quote } from '../../../platform/mail/layout.tsx';

/** What every meeting email takes: the meeting, whom the email goes to, and the zone its time is written in. */
export interface MeetingEmail {
  publicUrl: string;
  unsubscribeUrl: string;
  meeting: MeetingDto;
  /** The user the email goes to: the other person is the one the email is about. */
  recipientId: string;
  timeZone: string;
  /** The meeting's event's logo, when it belongs to one (its name is on the meeting). */
  eventLogoUrl?: string | null;
}

/** The person on the other side of the meeting from the email's recipient. */
export function otherPerson(meeting: MeetingDto, recipientId: string): MeetingDto['requester'] {
  return meeting.requester.id === recipientId ? meeting.recipient : meeting.requester;
}

export function meetingEvent(meeting: MeetingDto, eventLogoUrl: string | null | undefined) {
  return meeting.eventName ? { name: meeting.eventName, logoUrl: eventLogoUrl } : null;
}

export const myMeetingsUrl = (publicUrl: string) => `${publicUrl}/meetings`;

/** With whom, when, how long, where (the event is in the header), and the agenda the requester wrote, set apart as their words. */
export function MeetingFacts({ meeting, recipientId, timeZone }: Pick<MeetingEmail, 'meeting' | 'recipientId' | 'timeZone'>): ReactElement {
  const other = otherPerson(meeting, recipientId);
  return (
    <>
      <Facts
        items={[
          { label: 'With', value: other.company ? `${other.fullName}, ${other.company}` : other.fullName },
          { label: 'When', value: formatWhen(meeting.confirmedTime ?? meeting.proposedTime, timeZone) },
          { label: 'Duration', value: `${meeting.durationMinutes} minutes` },
          { label: 'Where', value: meeting.meetingType === 'virtual' ? 'Virtual meeting' : (meeting.location ?? 'In person') },
        ]}
      />
      {meeting.agenda ? (
        <>
          <Paragraph>
            <strong>Agenda</strong>
          </Paragraph>
          <Quote>{meeting.agenda}</Quote>
        </>
      ) : null}
    </>
  );
}
