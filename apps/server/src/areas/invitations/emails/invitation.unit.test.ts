import { describe, expect, it } from 'vitest';
import { invitationEmail } from './invitation.tsx';

const publicUrl = 'https://mingle.example';
const acceptUrl = `${publicUrl}/auth#invitation=tok123&email=bo%40acme.test`;
const invitation = {
  publicUrl,
  email: 'bo@acme.test',
  event: { name: 'Expo North', logoUrl: '/files/event-logos/e.png', startDate: '2026-06-01T07:00:00Z', endDate: '2026-06-03T15:00:00Z', location: 'Hall 9, Oslo' },
  timeZone: 'Europe/Oslo',
  inviterName: 'Kari Nordmann',
  role: 'attendee',
  acceptUrl,
} as const;

describe('invitation email', () => {
  it('names the event, its dates in its zone, the inviter and the role, in the HTML and the text', async () => {
    const mail = await invitationEmail.render(invitation);
    expect(mail.subject).toBe("You're invited to Expo North on Mingle");
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('Kari Nordmann has invited you to join Expo North on Mingle.');
      expect(body).toContain('1 June 2026 at 09:00 CEST – 3 June 2026 at 17:00 CEST (Europe/Oslo)');
      expect(body).toContain('Hall 9, Oslo');
      expect(body).toContain('Attendee');
      expect(body).toContain('Signed in, you can also accept or decline it on your dashboard. Nothing changes unless you accept.');
      expect(body).toContain('Sign in, or create an account with this email address (bo@acme.test), to accept it.');
      expect(body).toContain('The invitation is valid for 7 days.');
    }
    expect(mail.html).toContain(`href="${acceptUrl.replace('&', '&amp;')}"`);
    expect(mail.text).toContain(`Accept the invitation ${acceptUrl}`);
    expect(mail.html).toContain(`src="${publicUrl}/files/event-logos/e.png"`);
    // Essential: the only way in for someone without an account.
    expect(mail.headers).toBeUndefined();
  });

  it('says what each role is invited to do', async () => {
    const says = async (role: 'volunteer' | 'co_owner' | 'sponsor_representative', sponsorName?: string) =>
      (await invitationEmail.render({ ...invitation, role, sponsorName })).text;
    expect(await says('volunteer')).toContain('invited you to volunteer at Expo North on Mingle.');
    expect(await says('co_owner')).toContain('invited you to become an Event Co-Owner of Expo North on Mingle.');
    const representative = await says('sponsor_representative', 'Acme Robotics');
    expect(representative).toContain('invited you to represent Acme Robotics at Expo North on Mingle.');
    expect(representative).toContain('Representative of Acme Robotics');
  });

  it('escapes the names people chose', async () => {
    const mail = await invitationEmail.render({ ...invitation, inviterName: '<script>x()</script>', event: { ...invitation.event, name: '<b>Expo</b>' } });
    expect(mail.html).not.toMatch(/<script>|<b>Expo/);
    expect(mail.html).toContain('&lt;script&gt;x()&lt;/script&gt;');
    expect(mail.html).toContain('&lt;b&gt;Expo&lt;/b&gt;');
  });
});
