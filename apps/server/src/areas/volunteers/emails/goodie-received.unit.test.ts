import { describe, expect, it } from 'vitest';
import { goodieReceivedEmail } from './goodie-received.tsx';

const publicUrl = 'https://mingle.example';
const unsubscribeUrl = `${publicUrl}/api/unsubscribe/t0k`;
const goodie = {
  publicUrl,
  unsubscribeUrl,
  recipientName: 'Bo Lind',
  event: { name: 'Expo North', logoUrl: '/files/event-logos/e.png' },
  volunteerName: 'Kari Nordmann',
  receivedAt: '2026-06-01T09:15:00.000Z',
  timeZone: 'Europe/Oslo',
};

describe('goodie received email', () => {
  it('says who handed the goodie over and when, and links to the dashboard', async () => {
    const mail = await goodieReceivedEmail.render(goodie);
    expect(mail.subject).toBe('You received your Expo North goodie');
    for (const body of [mail.html, mail.text]) {
      for (const fact of ['Hello Bo Lind', 'Kari Nordmann', 'Monday, 1 June 2026 at 11:15 CEST (Europe/Oslo)', 'Expo North', `${publicUrl}/dashboard`]) expect(body).toContain(fact);
    }
    expect(mail.html).toContain(`href="${publicUrl}/dashboard"`);
    expect(mail.html).toContain(`src="${publicUrl}/files/event-logos/e.png"`);
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('escapes the names', async () => {
    const mail = await goodieReceivedEmail.render({ ...goodie, volunteerName: '<script>x()</script>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;x()&lt;/script&gt;');
  });
});
