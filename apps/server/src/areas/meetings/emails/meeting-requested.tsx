import { composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';
import { MeetingFacts, meetingEvent, myMeetingsUrl, otherPerson, type MeetingEmail } from './meeting-facts.tsx';

/** To the person asked: someone wants to meet them, and where to answer. */
export const meetingRequestedEmail = mailTemplate('meeting-requested', ({ publicUrl, unsubscribeUrl, meeting, recipientId, timeZone, eventLogoUrl }: MeetingEmail): Promise<RenderedEmail> => {
  const requester = otherPerson(meeting, recipientId).fullName;
  return composeEmail({
    unsubscribeUrl,
    subject: `${requester} wants to meet you`,
    preview: `${requester} sent you a meeting request on Mingle. Accept or decline it on My Meetings.`,
    publicUrl,
    event: meetingEvent(meeting, eventLogoUrl),
    heading: `${requester} wants to meet you`,
    action: { label: 'Answer the request', url: myMeetingsUrl(publicUrl) },
    reason: 'You got this email because someone sent you a meeting request on Mingle.',
    children: (
      <>
        <Paragraph>{`${requester} sent you a meeting request. Accept or decline it on My Meetings.`}</Paragraph>
        <MeetingFacts meeting={meeting} recipientId={recipientId} timeZone={timeZone} />
      </>
    ),
  });
});
