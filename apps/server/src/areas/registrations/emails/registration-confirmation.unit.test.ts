import { describe, expect, it } from 'vitest';
import { registrationConfirmationEmail } from './registration-confirmation.tsx';

const publicUrl = 'https://mingle.example';
const event = {
  id: '6b0f3f5e-2f4a-4f43-9d43-0b7d2b9f6a10',
  name: 'Expo North',
  slug: 'expo-north',
  logoUrl: null,
  startDate: new Date('2026-06-01T07:00:00Z'),
  endDate: new Date('2026-06-03T15:00:00Z'),
  location: 'Hall 9, Oslo',
};

describe('registration confirmation email', () => {
  it('confirms the registration with the event facts and the link to its agenda', async () => {
    const mail = await registrationConfirmationEmail.render({ publicUrl, attendeeName: 'Bo Lind', event, timeZone: 'Europe/Oslo' });
    expect(mail.subject).toBe("You're registered for Expo North");
    const agenda = `${publicUrl}/events/${event.id}/agenda`;
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('Hello Bo Lind, your place is saved.');
      expect(body).toContain('1 June 2026 at 09:00 CEST – 3 June 2026 at 17:00 CEST (Europe/Oslo)');
      expect(body).toContain('Hall 9, Oslo');
      expect(body).toContain(agenda);
    }
    expect(mail.html).toContain(`href="${agenda}"`);
    // The receipt of a registration is essential: no unsubscribe.
    expect(mail.headers).toBeUndefined();
  });

  it('attaches the event as an .ics file: UID, start and end in UTC, summary, location, link', async () => {
    const mail = await registrationConfirmationEmail.render({ publicUrl, attendeeName: 'Bo', event, timeZone: 'Europe/Oslo' });
    expect(mail.attachments).toHaveLength(1);
    const [ics] = mail.attachments!;
    expect(ics!.filename).toBe('event.ics');
    expect(ics!.contentType).toMatch(/^text\/calendar/);
    const lines = ics!.content.split(/\r?\n/);
    expect(lines).toContain(`UID:event-${event.id}@mingle`);
    expect(lines).toContain('DTSTART:20260601T070000Z');
    expect(lines).toContain('DTEND:20260603T150000Z');
    expect(lines).toContain('SUMMARY:Expo North');
    expect(lines).toContain('LOCATION:Hall 9\\, Oslo');
    expect(lines).toContain(`URL:${publicUrl}/event/expo-north`);
  });

  it('leaves LOCATION out when the event has none, and escapes the attendee name', async () => {
    const mail = await registrationConfirmationEmail.render({ publicUrl, attendeeName: '<script>x()</script>', event: { ...event, location: null }, timeZone: 'UTC' });
    expect(mail.attachments![0]!.content).not.toContain('LOCATION');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;x()&lt;/script&gt;');
  });
});
