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
export const webhookDisabledEmail = mailTemplate('webhook-disabled', ({ publicUrl, unsubscribeUrl, event, url, failures, lastError }: WebhookDisabledEmail): Promise<RenderedEmail> =>
  composeEmail({
    unsubscribeUrl,
    subject: `A webhook of ${event.name} was turned off`,
    preview: `${failures} deliveries in a row failed, so Mingle stopped sending to ${url}.`,
    publicUrl,
    event,
    heading: 'A webhook endpoint was turned off',
    action: { label: 'Open Webhooks', url: `${publicUrl}/events/${encodeURIComponent(event.id)}/webhooks` },
    reason: "You got this email because you own this event on Mingle.",
    children: (
      <>
        <Paragraph>
          {`${failures} deliveries in a row failed after every retry, so Mingle stopped sending to this endpoint. ` +
            'Deliveries that had not gone out yet wait for it. When the receiver works again, enable the endpoint on the Webhooks page: they go out then, in order.'}
        </Paragraph>
        <Facts
          items={[
            { label: 'Event', value: event.name },
            { label: 'Endpoint', value: url },
            lastError ? { label: 'Last error', value: lastError } : null,
          ]}
        />
      </>
    ),
  }),
);
