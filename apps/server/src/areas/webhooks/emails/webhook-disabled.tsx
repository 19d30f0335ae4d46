import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Facts, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';

export interface WebhookDisabledEmail {
  publicUrl: string;
  unsubscribeUrl: string;
  event: { id: string; name: string; logoUrl?: string | null };
  url: string;
  failures: number;
  lastError: string | null;
}

/** To the event's owner: one of its webhook endpoints kept failing and the server turned it off. */
export const webhookDisabledEmail = mailTemplate('webhook-disabled', ({ publicUrl, unsubscribeUrl, event, url, failures, lastError }: WebhookDisabledEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  return composeEmail({
    language,
    unsubscribeUrl,
    subject: t('A webhook of {{event}} was turned off', { event: event.name }),
    preview: t('{{count}} deliveries in a row failed, so Mingle stopped sending to {{url}}.', { count: failures, url }),
    publicUrl,
    event,
    heading: t('A webhook endpoint was turned off'),
    action: { label: t('Open Webhooks'), url: `${publicUrl}/events/${encodeURIComponent(event.id)}/webhooks` },
    reason: t('You got this email because you own this event on Mingle.'),
    children: (
      <>
        <Paragraph>
          {t(
            '{{count}} deliveries in a row failed after every retry, so Mingle stopped sending to this endpoint. Deliveries that had not gone out yet wait for it. When the receiver works again, enable the endpoint on the Webhooks page: they go out then, in order.',
            { count: failures },
          )}
        </Paragraph>
        <Facts
          items={[
            { label: t('Event'), value: event.name },
            { label: t('Endpoint'), value: url },
            lastError ? { label: t('Last error'), value: lastError } : null,
          ]}
        />
      </>
    ),
  });
});
