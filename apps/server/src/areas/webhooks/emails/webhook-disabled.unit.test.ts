import { describe, expect, it } from 'vitest';
import { webhookDisabledEmail } from './webhook-disabled.tsx';

const publicUrl = 'https://mingle.example';
const unsubscribeUrl = `${publicUrl}/api/unsubscribe/t0k`;

describe('webhook disabled email', () => {
  it('names the event, the endpoint and the last error, and links to the Webhooks page', async () => {
    const mail = await webhookDisabledEmail.render({
      publicUrl,
      unsubscribeUrl,
      event: { id: 'e1', name: 'Expo North' },
      url: 'https://crm.example.com/hooks',
      failures: 5,
      lastError: 'HTTP 503: <b>maintenance</b>',
    });
    expect(mail.subject).toBe('A webhook of Expo North was turned off');
    for (const body of [mail.html, mail.text]) {
      for (const fact of ['Expo North', 'https://crm.example.com/hooks', '5 deliveries in a row failed', `${publicUrl}/events/e1/webhooks`]) expect(body).toContain(fact);
    }
    // The receiver's answer is its text, escaped.
    expect(mail.html).not.toContain('<b>maintenance</b>');
    expect(mail.html).toContain('&lt;b&gt;maintenance&lt;/b&gt;');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });
});
