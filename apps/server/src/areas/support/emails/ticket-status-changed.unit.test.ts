import { describe, expect, it } from 'vitest';
import { ticketStatusChangedEmail } from './ticket-status-changed.tsx';

const publicUrl = 'https://mingle.example';
const unsubscribeUrl = `${publicUrl}/api/unsubscribe/t0k`;

describe('ticket status email', () => {
  it('names the ticket and its new status as the support screens do, and links to the Support Center', async () => {
    const mail = await ticketStatusChangedEmail.render({ publicUrl, unsubscribeUrl, recipientName: 'Bo Lind', ticket: { subject: 'Cannot upload my logo', status: 'in_progress' }, event: { name: 'Expo North' } });
    expect(mail.subject).toBe('Your support ticket is In Progress: Cannot upload my logo');
    for (const body of [mail.html, mail.text]) {
      for (const fact of ['Hello Bo Lind', 'Cannot upload my logo', 'In Progress', 'Someone from the support team is working on your ticket.', 'Expo North', `${publicUrl}/support`]) {
        expect(body).toContain(fact);
      }
    }
    expect(mail.html).toContain(`href="${publicUrl}/support"`);
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('has words for every status', async () => {
    for (const [status, label] of [['open', 'Open'], ['resolved', 'Resolved'], ['closed', 'Closed']] as const) {
      const mail = await ticketStatusChangedEmail.render({ publicUrl, unsubscribeUrl, recipientName: 'Bo', ticket: { subject: 'Help', status } });
      expect(mail.subject).toBe(`Your support ticket is ${label}: Help`);
    }
  });

  it('escapes the subject the person wrote', async () => {
    const mail = await ticketStatusChangedEmail.render({ publicUrl, unsubscribeUrl, recipientName: 'Bo', ticket: { subject: '<script>x()</script>', status: 'closed' } });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;x()&lt;/script&gt;');
  });
});
