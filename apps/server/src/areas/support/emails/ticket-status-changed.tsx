import type { TicketStatus } from '@mingle/shared/core/constants';
import type { TFunction } from 'i18next';
import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Facts, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';

export interface TicketStatusChangedEmail {
  publicUrl: string;
  unsubscribeUrl: string;
  recipientName: string;
  ticket: { subject: string; status: TicketStatus };
  /** The event the ticket was filed about (its organizers handle it); none for a platform ticket. */
  event?: { name: string; logoUrl?: string | null } | null;
}

/** A status as the support screens name it, and what it means for the person who filed the ticket. */
function statusText(t: TFunction<'mail'>, status: TicketStatus): { label: string; meaning: string } {
  switch (status) {
    case 'open':
      return { label: t('Open'), meaning: t('Your ticket is open again and waiting for the support team.') };
    case 'in_progress':
      return { label: t('In Progress'), meaning: t('Someone from the support team is working on your ticket.') };
    case 'resolved':
      return { label: t('Resolved'), meaning: t('The support team has resolved your ticket. If the problem is still there, file a new ticket.') };
    case 'closed':
      return { label: t('Closed'), meaning: t('Your ticket is closed. If you need more help, file a new ticket in the Support Center.') };
  }
}

/** To whoever filed a support ticket: its status changed (started, resolved, closed). */
export const ticketStatusChangedEmail = mailTemplate('ticket-status-changed', ({ publicUrl, unsubscribeUrl, recipientName, ticket, event }: TicketStatusChangedEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  const status = statusText(t, ticket.status);
  return composeEmail({
    language,
    unsubscribeUrl,
    subject: t('Your support ticket is {{status}}: {{subject}}', { status: status.label, subject: ticket.subject }),
    preview: status.meaning,
    publicUrl,
    event,
    heading: t('Your support ticket is {{status}}', { status: status.label }),
    action: { label: t('Open the Support Center'), url: `${publicUrl}/support` },
    reason: t('You got this email because you filed this support ticket on Mingle.'),
    children: (
      <>
        <Paragraph>{t('Hello {{name}},', { name: recipientName })}</Paragraph>
        <Paragraph>{status.meaning}</Paragraph>
        <Facts
          items={[
            { label: t('Ticket'), value: ticket.subject },
            { label: t('Status'), value: status.label },
            event ? { label: t('Event'), value: event.name } : null,
          ]}
        />
      </>
    ),
  });
});
