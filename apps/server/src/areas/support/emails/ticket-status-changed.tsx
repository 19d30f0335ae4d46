import type { TicketStatus } from '@mingle/shared/core/constants';
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

/** The status names the support screens show. */
const STATUS: Record<TicketStatus, { label: string; meaning: string }> = {
  open: { label: 'Open', meaning: 'Your ticket is open again and waiting for the support team.' },
  in_progress: { label: 'In Progress', meaning: 'Someone from the support team is working on your ticket.' },
  resolved: { label: 'Resolved', meaning: 'The support team has resolved your ticket. If the problem is still there, file a new ticket.' },
  closed: { label: 'Closed', meaning: 'Your ticket is closed. If you need more help, file a new ticket in the Support Center.' },
};

/** To whoever filed a support ticket: its status changed (started, resolved, closed). */
export const ticketStatusChangedEmail = mailTemplate('ticket-status-changed', ({ publicUrl, unsubscribeUrl, recipientName, ticket, event }: TicketStatusChangedEmail): Promise<RenderedEmail> => {
  const status = STATUS[ticket.status];
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
