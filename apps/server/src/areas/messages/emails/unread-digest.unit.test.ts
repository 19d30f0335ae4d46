import { describe, expect, it } from 'vitest';
import { unreadMessagesDigestEmail, type UnreadConversation } from './unread-digest.tsx';

const publicUrl = 'https://mingle.example';
const unsubscribeUrl = `${publicUrl}/api/unsubscribe/t0k`;
const common = { publicUrl, unsubscribeUrl, recipientName: 'Bo', timeZone: 'Europe/Oslo' };

const conversation = (id: string, fullName: string, bodies: string[], unreadCount = bodies.length): UnreadConversation => ({
  sender: { id, fullName },
  unreadCount,
  latest: bodies.map((body, index) => ({ body, sentAt: new Date(Date.UTC(2026, 5, 1, 10, index)) })),
});

describe('unread messages digest', () => {
  it('lists several senders and their newest messages in one email, each with a link to reply', async () => {
    const mail = await unreadMessagesDigestEmail.render({
      ...common,
      conversations: [
        conversation('a1', 'Amelia Hart', ['Are you around after lunch?', 'Hall B, stand 12'], 4),
        conversation('b2', 'Jonas Berg', ['Here is the paper I mentioned']),
      ],
    });
    expect(mail.subject).toBe('5 new messages from Amelia Hart and Jonas Berg');
    for (const body of [mail.html, mail.text]) {
      for (const fact of ['Amelia Hart', '4 new messages', 'Are you around after lunch?', 'Hall B, stand 12', 'and 2 earlier messages', 'Jonas Berg', '1 new message', 'Here is the paper I mentioned', '1 June 2026 at 12:00 CEST']) {
        expect(body).toContain(fact);
      }
    }
    expect(mail.html).toContain(`href="${publicUrl}/messages?with=a1"`);
    expect(mail.html).toContain(`href="${publicUrl}/messages?with=b2"`);
    expect(mail.html).toContain(`href="${publicUrl}/messages"`);
    expect(mail.text).toContain(`Reply to Amelia Hart ${publicUrl}/messages?with=a1`);
    expect(mail.text).toContain(`Open Messages ${publicUrl}/messages`);
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('words the subject for one message, and for many senders', async () => {
    const one = await unreadMessagesDigestEmail.render({ ...common, conversations: [conversation('a1', 'Amelia Hart', ['Hi'])] });
    expect(one.subject).toBe('New message from Amelia Hart');
    const many = await unreadMessagesDigestEmail.render({
      ...common,
      conversations: ['A', 'B', 'C', 'D'].map((name) => conversation(name, `Person ${name}`, ['Hi'])),
    });
    expect(many.subject).toBe('4 new messages from Person A, Person B and 2 others');
  });

  it('stays a glance: five conversations, three messages each, long messages cut', async () => {
    const long = 'x'.repeat(1000);
    const mail = await unreadMessagesDigestEmail.render({
      ...common,
      conversations: [
        conversation('a1', 'Amelia Hart', ['first', 'second', 'third', long]),
        ...['B', 'C', 'D', 'E', 'F', 'G'].map((name) => conversation(name, `Person ${name}`, ['Hi'])),
      ],
    });
    expect(mail.text).not.toContain('first');
    expect(mail.text).toContain(`${'x'.repeat(279)}…`);
    expect(mail.text).not.toContain('x'.repeat(280));
    expect(mail.text).toContain('Person E');
    expect(mail.text).not.toContain('Person F');
    expect(mail.text).toContain('And 2 more conversations with new messages.');
  });

  it('escapes what senders wrote and their names', async () => {
    const mail = await unreadMessagesDigestEmail.render({ ...common, conversations: [conversation('a1', '<b>Eve</b>', ['<script>steal()</script>'])] });
    expect(mail.html).not.toMatch(/<script>|<b>Eve/);
    expect(mail.html).toContain('&lt;script&gt;steal()&lt;/script&gt;');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });
});
