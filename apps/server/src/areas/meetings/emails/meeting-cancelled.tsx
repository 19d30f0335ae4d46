import { composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';
import { MeetingFacts, meetingEvent, myMeetingsUrl, otherPerson, type MeetingEmail } from './meeting-facts.tsx';

/** To the other person of a cancelled meeting (whoever cancelled is the one named). */
export const meetingCancelledEmail = mailTemplate('meeting-cancelled', ({ publicUrl, unsubscribeUrl, meeting, recipientId, timeZone, eventLogoUrl }: MeetingEmail): Promise<RenderedEmail> => {
  const other = otherPerson(meeting, recipientId).fullName;
  return composeEmail({
    unsubscribeUrl,
    subject: `${other} cancelled your meeting`,
    preview: `The meeting with ${other} is off. Remove it from your calendar if you added it.`,
    publicUrl,
    event: meetingEvent(meeting, eventLogoUrl),
    heading: `${other} cancelled your meeting`,
    action: { label: 'View My Meetings', url: myMeetingsUrl(publicUrl) },
    reason: 'You got this email because you were part of this meeting on Mingle.',
    children: (
      <>
        <Paragraph>The meeting is off. If you added it to your calendar, remove it there too.</Paragraph>
        <MeetingFacts meeting={meeting} recipientId={recipientId} timeZone={timeZone} />
      </>
    ),
  });
});
