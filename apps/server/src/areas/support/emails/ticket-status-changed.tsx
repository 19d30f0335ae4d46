import type { TicketStatus } from '@mingle/shared/core/constants';
import { TICKET_STATUS_LABELS } from '@mingle/shared/notifications/texts';
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

/** What each status means for the person who filed the ticket. */
const MEANING: Record<TicketStatus, string> = {
  open: 'Your ticket is open again and waiting for the support team.',
  in_progress: 'Someone from the support team is working on your ticket.',
  resolved: 'The support team has resolved your ticket. If the problem is still there, file a new ticket.',
  closed: 'Your ticket is closed. If you need more help, file a new ticket in the Support Center.',
};

/** To whoever filed a support ticket: its status changed (started, resolved, closed). */
export const ticketStatusChangedEmail = mailTemplate('ticket-status-changed', ({ publicUrl, unsubscribeUrl, recipientName, ticket, event }: TicketStatusChangedEmail): Promise<RenderedEmail> => {
  const status = { label: TICKET_STATUS_LABELS[ticket.status], meaning: MEANING[ticket.status] };
  return composeEmail({
    unsubscribeUrl,
    subject: `Your support ticket is ${status.label}: ${ticket.subject}`,
    preview: status.meaning,
    publicUrl,
    event,
    heading: `Your support ticket is ${status.label}`,
    action: { label: 'Open the Support Center', url: `${publicUrl}/support` },
    reason: 'You got this email because you filed this support ticket on Mingle.',
    children: (
      <>
        <Paragraph>{`Hello ${recipientName},`}</Paragraph>
        <Paragraph>{status.meaning}</Paragraph>
        <Facts
          items={[
            { label: 'Ticket', value: ticket.subject },
            { label: 'Status', value: status.label },
            event ? { label: 'Event', value: event.name } : null,
          ]}
        />
      </>
    ),
  });
});
