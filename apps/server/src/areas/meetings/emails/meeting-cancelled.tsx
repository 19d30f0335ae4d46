import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';
import { MeetingFacts, meetingEvent, myMeetingsUrl, otherPerson, type MeetingEmail } from './meeting-facts.tsx';

/** To the other person of a cancelled meeting (whoever cancelled is the one named). */
export const meetingCancelledEmail = mailTemplate('meeting-cancelled', ({ publicUrl, unsubscribeUrl, meeting, recipientId, timeZone, eventLogoUrl }: MeetingEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  const other = otherPerson(meeting, recipientId).fullName;
  return composeEmail({
    language,
    unsubscribeUrl,
    subject: t('{{other}} cancelled your meeting', { other }),
    preview: t('The meeting with {{other}} is off. Remove it from your calendar if you added it.', { other }),
    publicUrl,
    event: meetingEvent(meeting, eventLogoUrl),
    heading: t('{{other}} cancelled your meeting', { other }),
    action: { label: t('View My Meetings'), url: myMeetingsUrl(publicUrl) },
    reason: t('You got this email because you were part of this meeting on Mingle.'),
    children: (
      <>
        <Paragraph>{t('The meeting is off. If you added it to your calendar, remove it there too.')}</Paragraph>
        <MeetingFacts meeting={meeting} recipientId={recipientId} timeZone={timeZone} language={language} />
      </>
    ),
  });
});
