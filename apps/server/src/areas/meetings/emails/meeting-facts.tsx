import type { ReactElement } from 'react';
import type { MeetingDto } from '@mingle/shared/meetings/contract';
import type { LanguageCode } from '@mingle/shared/core/constants';
import { formatWhen } from '../../../platform/mail/format.ts';
import { mailT } from '../../../platform/mail/i18n.ts';
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
export function MeetingFacts({
  meeting,
  recipientId,
  timeZone,
  language,
}: Pick<MeetingEmail, 'meeting' | 'recipientId' | 'timeZone'> & { language: LanguageCode }): ReactElement {
  const other = otherPerson(meeting, recipientId);
  const t = mailT(language);
  return (
    <>
      <Facts
        items={[
          { label: t('With'), value: other.company ? `${other.fullName}, ${other.company}` : other.fullName },
          { label: t('When'), value: formatWhen(meeting.confirmedTime ?? meeting.proposedTime, timeZone, language) },
          { label: t('Duration'), value: t('{{count}} minutes', { count: meeting.durationMinutes }) },
          { label: t('Where'), value: meeting.meetingType === 'virtual' ? t('Virtual meeting') : (meeting.location ?? t('In person')) },
        ]}
      />
      {meeting.agenda ? (
        <>
          <Paragraph>
            <strong>{t('Agenda')}</strong>
          </Paragraph>
          <Quote>{meeting.agenda}</Quote>
        </>
      ) : null}
    </>
  );
}
