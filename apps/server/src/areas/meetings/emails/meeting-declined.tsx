import { composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';
import { MeetingFacts, meetingEvent, myMeetingsUrl, otherPerson, type MeetingEmail } from './meeting-facts.tsx';

/** To the requester: the answer was no; said plainly, without a reason nobody gave. */
export const meetingDeclinedEmail = mailTemplate('meeting-declined', ({ publicUrl, unsubscribeUrl, meeting, recipientId, timeZone, eventLogoUrl }: MeetingEmail): Promise<RenderedEmail> => {
  const other = otherPerson(meeting, recipientId).fullName;
  return composeEmail({
    unsubscribeUrl,
    subject: `${other} declined your meeting request`,
    preview: `${other} can't make this meeting. You can propose another time on My Meetings.`,
    publicUrl,
    event: meetingEvent(meeting, eventLogoUrl),
    heading: `${other} declined your meeting request`,
    action: { label: 'View My Meetings', url: myMeetingsUrl(publicUrl) },
    reason: 'You got this email because you asked for this meeting on Mingle.',
    children: (
      <>
        <Paragraph>{`${other} can't make this meeting. You can propose another time, or meet other people at the event.`}</Paragraph>
        <MeetingFacts meeting={meeting} recipientId={recipientId} timeZone={timeZone} />
      </>
    ),
  });
});
