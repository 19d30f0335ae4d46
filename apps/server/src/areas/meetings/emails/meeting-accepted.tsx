import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import { calendarAttachment, type RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';
import { meetingCalendar } from '../calendar.ts';
import { MeetingFacts, meetingEvent, myMeetingsUrl, otherPerson, type MeetingEmail } from './meeting-facts.tsx';

/** To the requester: the meeting is on, with the same .ics file My Meetings offers. */
export const meetingAcceptedEmail = mailTemplate('meeting-accepted', ({ publicUrl, unsubscribeUrl, meeting, recipientId, timeZone, eventLogoUrl }: MeetingEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  const other = otherPerson(meeting, recipientId).fullName;
  return composeEmail({
    language,
    unsubscribeUrl,
    subject: t('{{other}} accepted your meeting request', { other }),
    preview: t('Your meeting with {{other}} is confirmed. Add it to your calendar with the attached file.', { other }),
    publicUrl,
    event: meetingEvent(meeting, eventLogoUrl),
    heading: t('{{other}} accepted your meeting request', { other }),
    action: { label: t('View My Meetings'), url: myMeetingsUrl(publicUrl) },
    reason: t('You got this email because you asked for this meeting on Mingle.'),
    attachments: [calendarAttachment('meeting.ics', meetingCalendar(meeting, recipientId))],
    children: (
      <>
        <Paragraph>{t('Your meeting is confirmed. The attached calendar file puts it in your calendar.')}</Paragraph>
        <MeetingFacts meeting={meeting} recipientId={recipientId} timeZone={timeZone} language={language} />
      </>
    ),
  });
});
