import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, networkingPair, requestMeeting } from '../../test/event-factories.ts';
import { jsonRequest } from '../../test/harness.ts';
import { signedInUser, uniqueEmail } from '../../test/factories.ts';
import { smtpInbox } from '../../test/smtp-inbox.ts';
import { authUsers } from '../db/schema/auth.ts';

/**
 * Email in the recipient's language (decision 0184), through a real SMTP server: what arrives is what a person reads,
 * on PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
const inbox = smtpInbox();

async function meetingRequestTo(language: 'de' | 'en' | null) {
  const { server } = inbox;
  const { event, alice, bob } = await networkingPair(server, { timezone: 'Europe/Berlin' });
  if (language) expect((await server.send('PUT', '/api/me/language', bob.headers, { language })).status).toBe(200);
  await requestMeeting(server, alice.headers, bob.user.id);
  const [text, ...more] = await inbox.readTo(bob.user.email);
  expect(more).toHaveLength(0);
  return { text: text!, alice, event };
}

describe('email in the recipient’s language', { timeout: 180_000 }, () => {
  it('sends a German account its meeting request in German, dates in German and the event’s zone', async () => {
    const { text, alice } = await meetingRequestTo('de');
    expect(text).toMatch(new RegExp(`^Subject: ${alice.user.fullName} möchte Sie treffen$`, 'm'));
    expect(text).toContain(`${alice.user.fullName} hat Ihnen eine Meeting-Anfrage gesendet.`);
    expect(text).toContain('Auf die Anfrage antworten');
    expect(text).toContain('30 Minuten');
    // 2030-05-01T10:00Z in Berlin, written the German way.
    expect(text).toContain('Mittwoch, 1. Mai 2030 um 12:00 MESZ (Europe/Berlin)');
    expect(text).toMatch(/<html[^>]* lang="de"/);
    expect(text).not.toContain('wants to meet you');
  });

  it('sends an English account, and one that chose no language, the English email as it always was', async () => {
    for (const language of ['en', null] as const) {
      const { text, alice } = await meetingRequestTo(language);
      expect(text).toMatch(new RegExp(`^Subject: ${alice.user.fullName} wants to meet you$`, 'm'));
      expect(text).toContain(`${alice.user.fullName} sent you a meeting request. Accept or decline it on My Meetings.`);
      expect(text).toContain('Wednesday, 1 May 2030 at 12:00 CEST (Europe/Berlin)');
      expect(text).toContain('30 minutes');
    }
  });
});

/** 2030-06-03, 07:00 to 15:00 UTC: 09:00 to 17:00 in Paris and Berlin (summer time). */
const SUMMER_DAY = { startDate: new Date('2030-06-03T07:00:00Z'), endDate: new Date('2030-06-03T15:00:00Z') };

/** The one message that arrived for an address. */
async function onlyMailTo(address: string): Promise<string> {
  const [text, ...more] = await inbox.readTo(address);
  expect(more).toHaveLength(0);
  return text!;
}

describe('every email in its recipient’s language', { timeout: 180_000 }, () => {
  it('invites an address with no account in the inviter’s language, the event’s dates in its zone', async () => {
    const { server } = inbox;
    const inviter = await signedInUser(server);
    expect((await server.send('PUT', '/api/me/language', inviter.headers, { language: 'de' })).status).toBe(200);
    const event = await createEvent(server.ctx, inviter.user.id, { name: 'Sommerforum', timezone: 'Europe/Berlin', ...SUMMER_DAY });
    const guest = uniqueEmail('guest');
    expect((await server.send('POST', '/api/invitations', inviter.headers, { eventId: event.id, emails: [guest] })).status).toBe(200);

    const text = await onlyMailTo(guest);
    expect(text).toMatch(/^Subject: Sie sind auf Mingle zu Sommerforum eingeladen$/m);
    expect(text).toContain(`${inviter.user.fullName} hat Sie eingeladen, auf Mingle an Sommerforum teilzunehmen.`);
    expect(text).toContain('Einladung annehmen');
    expect(text).toContain('3. Juni 2030, 09:00–17:00 Uhr MESZ (Europe/Berlin)');
    expect(text).toContain('Die Einladung ist 7 Tage gültig.');
    expect(text).toMatch(/<html[^>]* lang="de"/);
    expect(text).not.toContain('invited you');
  });

  it('invites an address that has an account in that account’s language, not the inviter’s', async () => {
    const { server } = inbox;
    const [inviter, guest] = await Promise.all([signedInUser(server), signedInUser(server)]);
    expect((await server.send('PUT', '/api/me/language', inviter.headers, { language: 'de' })).status).toBe(200);
    expect((await server.send('PUT', '/api/me/language', guest.headers, { language: 'es' })).status).toBe(200);
    const event = await createEvent(server.ctx, inviter.user.id, { name: 'Foro', timezone: 'Europe/Madrid', ...SUMMER_DAY });
    expect((await server.send('POST', '/api/invitations', inviter.headers, { eventId: event.id, emails: [guest.user.email] })).status).toBe(200);

    const text = await onlyMailTo(guest.user.email);
    expect(text).toMatch(/^Subject: Estás invitado a Foro en Mingle$/m);
    expect(text).toContain('3 de junio de 2030, 9:00–17:00 CEST (Europe/Madrid)');
  });

  it('confirms a French account’s registration in French, the event’s dates in its zone', async () => {
    const { server } = inbox;
    const [owner, person] = await Promise.all([signedInUser(server), signedInUser(server)]);
    const event = await createEvent(server.ctx, owner.user.id, { name: 'Forum d’été', timezone: 'Europe/Paris', registrationOpen: true, ...SUMMER_DAY });
    expect((await server.send('PUT', '/api/me/language', person.headers, { language: 'fr' })).status).toBe(200);
    expect((await server.send('POST', `/api/events/${event.id}/registration`, person.headers)).status).toBe(200);

    const text = await onlyMailTo(person.user.email);
    expect(text).toMatch(/^Subject: Vous êtes inscrit à Forum d’été$/m);
    expect(text).toContain(`Bonjour ${person.user.fullName}, votre place est réservée.`);
    expect(text).toContain('3 juin 2030, 09:00 – 17:00 UTC+2 (Europe/Paris)');
    expect(text).toContain('Voir le programme');
    expect(text).not.toContain('registered for');
  });

  it('sends a Spanish account its password reset in Spanish', async () => {
    const { server } = inbox;
    const person = await signedInUser(server);
    await server.ctx.db.update(authUsers).set({ language: 'es' }).where(eq(authUsers.id, person.user.id));
    expect((await server.request('/api/auth/request-password-reset', jsonRequest({ email: person.user.email }))).status).toBe(200);

    const text = await onlyMailTo(person.user.email);
    expect(text).toMatch(/^Subject: Restablece tu contraseña de Mingle$/m);
    expect(text).toContain('Alguien ha pedido restablecer la contraseña de tu cuenta de Mingle.');
    expect(text).toContain('Elegir una nueva contraseña');
    expect(text).not.toContain('Reset your');
  });
});

