import { describe, expect, it } from 'vitest';
import { eventDayBeforeEmail } from './event-day-before.tsx';
import { sessionReminderEmail } from './session-reminder.tsx';

const publicUrl = 'https://mingle.example';
const unsubscribeUrl = `${publicUrl}/api/unsubscribe/t0k`;
const unsubscribe = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
const session = {
  id: '55555555-5555-4555-8555-555555555555',
  title: 'Evaluating RAG',
  startTime: '2026-06-01T11:00:00.000Z',
  timezone: 'Europe/Oslo',
  location: 'Room 4',
  speakerName: 'Amelia Hart',
};

describe('session reminder email', () => {
  it('says which bookmarked session starts in how long, where, and links to its Q&A', async () => {
    const mail = await sessionReminderEmail.render({ publicUrl, unsubscribeUrl, minutesBefore: 10, event: { name: 'Expo North' }, session });
    expect(mail.subject).toBe('Starting in 10 minutes: Evaluating RAG');
    const qa = `${publicUrl}/sessions/${session.id}/qa`;
    for (const body of [mail.html, mail.text]) {
      for (const fact of ['Evaluating RAG', 'Monday, 1 June 2026 at 13:00 CEST (Europe/Oslo)', 'Room 4', 'Amelia Hart', 'Expo North', qa]) expect(body).toContain(fact);
    }
    expect(mail.html).toContain(`href="${qa}"`);
    expect(mail.headers).toEqual(unsubscribe);
  });

  it('writes the configured lead time out', async () => {
    const subject = async (minutesBefore: number) => (await sessionReminderEmail.render({ publicUrl, unsubscribeUrl, minutesBefore, event: { name: 'Expo North' }, session })).subject;
    expect(await subject(1)).toBe('Starting in 1 minute: Evaluating RAG');
    expect(await subject(60)).toBe('Starting in 1 hour: Evaluating RAG');
    expect(await subject(90)).toBe('Starting in 1 hour 30 minutes: Evaluating RAG');
    expect(await subject(120)).toBe('Starting in 2 hours: Evaluating RAG');
  });

  it('escapes the session title', async () => {
    const mail = await sessionReminderEmail.render({ publicUrl, unsubscribeUrl, minutesBefore: 10, event: { name: 'Expo North' }, session: { ...session, title: '<script>x()</script>' } });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;x()&lt;/script&gt;');
  });
});

describe('day-before reminder email', () => {
  const event = { id: '66666666-6666-4666-8666-666666666666', name: 'Expo North', startDate: '2026-06-01T07:00:00.000Z', endDate: '2026-06-03T15:00:00.000Z', location: 'Hall 9' };

  it('gives the event’s dates and place, the person’s first-day schedule, and the agenda link', async () => {
    const mail = await eventDayBeforeEmail.render({
      publicUrl,
      unsubscribeUrl,
      recipientName: 'Bo Lind',
      event,
      timeZone: 'Europe/Oslo',
      sessions: [
        { title: 'Opening keynote', startTime: '2026-06-01T07:30:00.000Z', timezone: 'Europe/Oslo', location: 'Main stage' },
        { title: 'Evaluating RAG', startTime: '2026-06-01T11:00:00.000Z', timezone: 'Europe/Oslo' },
      ],
    });
    expect(mail.subject).toBe('Expo North starts tomorrow');
    const agenda = `${publicUrl}/events/${event.id}/agenda`;
    for (const body of [mail.html, mail.text]) {
      for (const fact of ['Hello Bo Lind', '1 June 2026 at 09:00 CEST – 3 June 2026 at 17:00 CEST (Europe/Oslo)', 'Hall 9', '09:30 CEST · Opening keynote', 'Main stage', '13:00 CEST · Evaluating RAG', agenda]) {
        expect(body).toContain(fact);
      }
    }
    expect(mail.html).toContain(`href="${agenda}"`);
    expect(mail.headers).toEqual(unsubscribe);
  });

  it('invites someone with no bookmarks to pick sessions', async () => {
    const mail = await eventDayBeforeEmail.render({ publicUrl, unsubscribeUrl, recipientName: 'Bo', event, timeZone: 'Europe/Oslo', sessions: [] });
    expect(mail.text).toContain('You have no sessions in your schedule yet');
  });
});
