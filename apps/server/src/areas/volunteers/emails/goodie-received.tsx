import { formatWhen } from '../../../platform/mail/format.ts';
import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Facts, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';

export interface GoodieReceivedEmail {
  publicUrl: string;
  unsubscribeUrl: string;
  recipientName: string;
  event: { name: string; logoUrl?: string | null };
  /** The volunteer who handed it over. */
  volunteerName: string;
  receivedAt: Date | string;
  timeZone: string;
}

/** A volunteer scanned the person's QR code and handed them the event's goodie: a receipt of it. */
export const goodieReceivedEmail = mailTemplate('goodie-received', ({ publicUrl, unsubscribeUrl, recipientName, event, volunteerName, receivedAt, timeZone }: GoodieReceivedEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  return composeEmail({
    language,
    unsubscribeUrl,
    subject: t('You received your {{event}} goodie', { event: event.name }),
    preview: t('{{volunteer}} handed you your event goodie. Enjoy!', { volunteer: volunteerName }),
    publicUrl,
    event,
    heading: t('You received your event goodie'),
    action: { label: t('Open your dashboard'), url: `${publicUrl}/dashboard` },
    reason: t('You got this email because a volunteer at {{event}} scanned your QR code to hand you your goodie.', { event: event.name }),
    children: (
      <>
        <Paragraph>{t('Hello {{name}}, enjoy your goodie! If you did not receive one, tell the organizers at the event.', { name: recipientName })}</Paragraph>
        <Facts
          items={[
            { label: t('Handed over by'), value: volunteerName },
            { label: t('When'), value: formatWhen(receivedAt, timeZone, language) },
          ]}
        />
      </>
    ),
  });
});
