import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';
import { MeetingFacts, meetingEvent, myMeetingsUrl, otherPerson, type MeetingEmail } from './meeting-facts.tsx';

/** To the requester: the answer was no; said plainly, without a reason nobody gave. */
export const meetingDeclinedEmail = mailTemplate('meeting-declined', ({ publicUrl, unsubscribeUrl, meeting, recipientId, timeZone, eventLogoUrl }: MeetingEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  const other = otherPerson(meeting, recipientId).fullName;
  return composeEmail({
    language,
    unsubscribeUrl,
    subject: t('{{other}} declined your meeting request', { other }),
    preview: t("{{other}} can't make this meeting. You can propose another time on My Meetings.", { other }),
    publicUrl,
    event: meetingEvent(meeting, eventLogoUrl),
    heading: t('{{other}} declined your meeting request', { other }),
    action: { label: t('View My Meetings'), url: myMeetingsUrl(publicUrl) },
    reason: t('You got this email because you asked for this meeting on Mingle.'),
    children: (
      <>
        <Paragraph>{t("{{other}} can't make this meeting. You can propose another time, or meet other people at the event.", { other })}</Paragraph>
        <MeetingFacts meeting={meeting} recipientId={recipientId} timeZone={timeZone} language={language} />
      </>
    ),
  });
});
