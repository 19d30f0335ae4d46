import { formatWhen } from '../../../platform/mail/format.ts';
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
export const goodieReceivedEmail = mailTemplate('goodie-received', ({ publicUrl, unsubscribeUrl, recipientName, event, volunteerName, receivedAt, timeZone }: GoodieReceivedEmail): Promise<RenderedEmail> => {
  return composeEmail({
    unsubscribeUrl,
    subject: `You received your ${event.name} goodie`,
    preview: `${volunteerName} handed you your event goodie. Enjoy!`,
    publicUrl,
    event,
    heading: 'You received your event goodie',
    action: { label: 'Open your dashboard', url: `${publicUrl}/dashboard` },
    reason: `You got this email because a volunteer at ${event.name} scanned your QR code to hand you your goodie.`,
    children: (
      <>
        <Paragraph>{`Hello ${recipientName}, enjoy your goodie! If you did not receive one, tell the organizers at the event.`}</Paragraph>
        <Facts
          items={[
            { label: 'Handed over by', value: volunteerName },
            { label: 'When', value: formatWhen(receivedAt, timeZone) },
          ]}
        />
      </>
    ),
  });
});
