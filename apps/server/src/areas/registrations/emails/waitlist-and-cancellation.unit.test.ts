import { describe, expect, it } from 'vitest';
import { registrationCancelledEmail } from './registration-cancelled.tsx';
import { registrationConfirmationEmail } from './registration-confirmation.tsx';
import { waitlistJoinedEmail } from './waitlist-joined.tsx';

const publicUrl = 'https://mingle.example';
const event = {
  id: '6b0f3f5e-2f4a-4f43-9d43-0b7d2b9f6a10',
  name: 'Expo North',
  slug: 'expo-north',
  logoUrl: null,
  startDate: '2026-06-01T07:00:00.000Z',
  endDate: '2026-06-03T15:00:00.000Z',
  location: 'Hall 9, Oslo',
};
const base = { publicUrl, attendeeName: 'Bo Lind', event, timeZone: 'UTC' };

describe('waitlist and cancellation emails', () => {
  it('tells a person waiting their place in the queue and how to leave it', async () => {
    const mail = await waitlistJoinedEmail.render({ ...base, position: 7 });
    expect(mail.subject).toBe("You're on the waitlist for Expo North");
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('you are number 7');
      expect(body).toContain(`${publicUrl}/event/expo-north`);
    }
    expect(mail.headers).toBeUndefined();
  });

  it('says a place opened up when it came from the waitlist, with the .ics', async () => {
    const mail = await registrationConfirmationEmail.render({ ...base, fromWaitlist: true });
    expect(mail.subject).toBe("A place opened up: you're registered for Expo North");
    expect(mail.text).toContain('you are off the waitlist and registered');
    expect(mail.attachments?.[0]?.filename).toBe('event.ics');
  });

  it("words a cancellation by what ended and by whom", async () => {
    const own = await registrationCancelledEmail.render({ ...base, endedFrom: 'registered', byOrganizer: false });
    expect(own.subject).toBe('Your registration for Expo North is cancelled');
    expect(own.text).toContain('Your place goes to the next person on the waitlist');
    const left = await registrationCancelledEmail.render({ ...base, endedFrom: 'waitlisted', byOrganizer: false });
    expect(left.subject).toBe('You left the waitlist for Expo North');
    const removed = await registrationCancelledEmail.render({ ...base, endedFrom: 'registered', byOrganizer: true });
    expect(removed.subject).toBe('Your registration for Expo North was cancelled by the organizers');
    expect(removed.text).toContain('the organizers of Expo North have cancelled your registration');
  });
});
