import { formatSpan } from '../../../platform/mail/format.ts';
import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Facts, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';
import type { RegisteredEvent } from './registration-confirmation.tsx';

export interface WaitlistJoinedEmail {
  publicUrl: string;
  attendeeName: string;
  event: RegisteredEvent;
  timeZone: string;
  /** 1 is the next to get a place. */
  position: number;
}

/**
 * "You're on the waitlist": the receipt of a registration for a full event, with the person's place in the queue.
 * Essential (the receipt of their own act): no unsubscribe.
 */
export const waitlistJoinedEmail = mailTemplate('waitlist-joined', ({ publicUrl, attendeeName, event, timeZone, position }: WaitlistJoinedEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  return composeEmail({
    language,
    essential: true,
    subject: t("You're on the waitlist for {{event}}", { event: event.name }),
    preview: t('You are number {{position}} on the waitlist. We will email you the moment a place opens up.', { position }),
    publicUrl,
    event,
    heading: t("You're on the waitlist for {{event}}", { event: event.name }),
    action: { label: t('View the event'), url: `${publicUrl}/event/${event.slug}` },
    reason: t('You got this email because you registered for {{event}} on Mingle while it was full.', { event: event.name }),
    children: (
      <>
        <Paragraph>
          {t(
            'Hello {{name}}, {{event}} is full, so we have put you on its waitlist: you are number {{position}}. When someone cancels, the next person on the waitlist gets their place automatically, and we email you the moment it is yours.',
            { name: attendeeName, event: event.name, position },
          )}
        </Paragraph>
        <Facts
          items={[
            { label: t('When'), value: formatSpan(event.startDate, event.endDate, timeZone, language) },
            event.location ? { label: t('Where'), value: event.location } : null,
          ]}
        />
        <Paragraph>{t("Changed your mind? Leave the waitlist on the event's page.")}</Paragraph>
      </>
    ),
  });
});
