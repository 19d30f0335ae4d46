import { composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import { calendarAttachment, type RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';
import { meetingCalendar } from '../calendar.ts';
import { MeetingFacts, meetingEvent, myMeetingsUrl, otherPerson, type MeetingEmail } from './meeting-facts.tsx';

/** To the requester: the meeting is on, with the same .ics file My Meetings offers. */
export const meetingAcceptedEmail = mailTemplate('meeting-accepted', ({ publicUrl, unsubscribeUrl, meeting, recipientId, timeZone, eventLogoUrl }: MeetingEmail): Promise<RenderedEmail> => {
  const other = otherPerson(meeting, recipientId).fullName;
  return composeEmail({
    unsubscribeUrl,
    subject: `${other} accepted your meeting request`,
    preview: `Your meeting with ${other} is confirmed. Add it to your calendar with the attached file.`,
    publicUrl,
    event: meetingEvent(meeting, eventLogoUrl),
    heading: `${other} accepted your meeting request`,
    action: { label: 'View My Meetings', url: myMeetingsUrl(publicUrl) },
    reason: 'You got this email because you asked for this meeting on Mingle.',
    attachments: [calendarAttachment('meeting.ics', meetingCalendar(meeting, recipientId))],
    children: (
      <>
        <Paragraph>Your meeting is confirmed. The attached calendar file puts it in your calendar.</Paragraph>
        <MeetingFacts meeting={meeting} recipientId={recipientId} timeZone={timeZone} />
      </>
    ),
  });
});
