import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';
import { MeetingFacts, meetingEvent, myMeetingsUrl, otherPerson, type MeetingEmail } from './meeting-facts.tsx';

/** To the person asked: someone wants to meet them, and where to answer. */
export const meetingRequestedEmail = mailTemplate('meeting-requested', ({ publicUrl, unsubscribeUrl, meeting, recipientId, timeZone, eventLogoUrl }: MeetingEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  const requester = otherPerson(meeting, recipientId).fullName;
  return composeEmail({
    language,
    unsubscribeUrl,
    subject: t('{{requester}} wants to meet you', { requester }),
    preview: t('{{requester}} sent you a meeting request on Mingle. Accept or decline it on My Meetings.', { requester }),
    publicUrl,
    event: meetingEvent(meeting, eventLogoUrl),
    heading: t('{{requester}} wants to meet you', { requester }),
    action: { label: t('Answer the request'), url: myMeetingsUrl(publicUrl) },
    reason: t('You got this email because someone sent you a meeting request on Mingle.'),
    children: (
      <>
        <Paragraph>{t('{{requester}} sent you a meeting request. Accept or decline it on My Meetings.', { requester })}</Paragraph>
        <MeetingFacts meeting={meeting} recipientId={recipientId} timeZone={timeZone} language={language} />
      </>
    ),
  });
});
