import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '@mingle/shared/core/constants';
import type { MeetingDto } from '@mingle/shared/meetings/contract';
import { eventDayBeforeEmail } from '../../areas/agenda/emails/event-day-before.tsx';
import { sessionReminderEmail } from '../../areas/agenda/emails/session-reminder.tsx';
import { passwordResetEmail } from '../../areas/auth/emails/password-reset.tsx';
import { signUpAccountExistsEmail } from '../../areas/auth/emails/sign-up-account-exists.tsx';
import { signUpCodeEmail } from '../../areas/auth/emails/sign-up-code.tsx';
import { invitationEmail } from '../../areas/invitations/emails/invitation.tsx';
import { meetingAcceptedEmail } from '../../areas/meetings/emails/meeting-accepted.tsx';
import { meetingCancelledEmail } from '../../areas/meetings/emails/meeting-cancelled.tsx';
import { meetingDeclinedEmail } from '../../areas/meetings/emails/meeting-declined.tsx';
import { meetingRequestedEmail } from '../../areas/meetings/emails/meeting-requested.tsx';
import { unreadMessagesDigestEmail } from '../../areas/messages/emails/unread-digest.tsx';
import { registrationCancelledEmail } from '../../areas/registrations/emails/registration-cancelled.tsx';
import { registrationConfirmationEmail } from '../../areas/registrations/emails/registration-confirmation.tsx';
import { waitlistJoinedEmail } from '../../areas/registrations/emails/waitlist-joined.tsx';
import { ticketStatusChangedEmail } from '../../areas/support/emails/ticket-status-changed.tsx';
import { goodieReceivedEmail } from '../../areas/volunteers/emails/goodie-received.tsx';
import { webhookDisabledEmail } from '../../areas/webhooks/emails/webhook-disabled.tsx';
import en from '../../locales/en/mail.json' with { type: 'json' };
import de from '../../locales/de/mail.json' with { type: 'json' };
import es from '../../locales/es/mail.json' with { type: 'json' };
import fr from '../../locales/fr/mail.json' with { type: 'json' };
import type { RenderedEmail } from './render.ts';

// Every email, in every language (decision 0184): rendered from the same facts, a German, French or Spanish reader
// finds no sentence of the English email in theirs, and the dates are written in their language.

const publicUrl = 'https://mingle.example';
const unsubscribeUrl = `${publicUrl}/api/unsubscribe/t0k`;
const start = '2030-06-03T07:00:00.000Z';
const end = '2030-06-03T15:00:00.000Z';
const event = { id: 'e1', name: 'Expo North', slug: 'expo-north', logoUrl: null, startDate: start, endDate: end, location: 'Hall 4' };
const person = (id: string, fullName: string) => ({ id, fullName, company: 'Acme' });
const meeting: MeetingDto = {
  id: 'm1',
  eventId: 'e1',
  eventName: 'Expo North',
  eventTimeZone: 'Europe/Berlin',
  requester: person('r1', 'Bo Lind'),
  recipient: person('r2', 'Amelia Hart'),
  proposedTime: start,
  confirmedTime: null,
  durationMinutes: 30,
  meetingType: 'virtual',
  location: null,
  agenda: 'Notes',
  status: 'pending',
  createdAt: start,
};
const meetingProps = { publicUrl, unsubscribeUrl, meeting, recipientId: 'r2', timeZone: 'Europe/Paris' };
const registered = { publicUrl, attendeeName: 'Amelia Hart', event, timeZone: 'Europe/Paris' };

/** Each message, with the facts it is rendered from in every language (each branch its own case). */
const EMAILS: Record<string, (language: LanguageCode) => Promise<RenderedEmail>> = {
  'event-day-before': (l) =>
    eventDayBeforeEmail.render(
      { publicUrl, unsubscribeUrl, recipientName: 'Amelia', event, timeZone: 'Europe/Paris', sessions: [{ title: 'Keynote', startTime: start, timezone: 'Europe/Paris', location: 'Hall 4' }] },
      l,
    ),
  'event-day-before, no sessions': (l) =>
    eventDayBeforeEmail.render({ publicUrl, unsubscribeUrl, recipientName: 'Amelia', event, timeZone: 'Europe/Paris', sessions: [] }, l),
  'session-reminder': (l) =>
    sessionReminderEmail.render(
      { publicUrl, unsubscribeUrl, minutesBefore: 90, event, session: { id: 's1', title: 'Keynote', startTime: start, timezone: 'Europe/Paris', location: 'Hall 4', speakerName: 'Ada' } },
      l,
    ),
  'password-reset': (l) => passwordResetEmail.render({ publicUrl, email: 'ann@acme.test', url: `${publicUrl}/reset` }, l),
  'sign-up-account-exists': (l) => signUpAccountExistsEmail.render({ publicUrl, email: 'ann@acme.test' }, l),
  'sign-up-code': (language) => signUpCodeEmail({ publicUrl, email: 'ann@acme.test', fullName: 'Ann', code: '048213', language }),
  invitation: (l) =>
    invitationEmail.render(
      { publicUrl, email: 'ann@acme.test', event, timeZone: 'Europe/Paris', inviterName: 'Bo Lind', role: 'sponsor_representative', sponsorName: 'Acme', acceptUrl: `${publicUrl}/auth` },
      l,
    ),
  'invitation, volunteer': (l) =>
    invitationEmail.render({ publicUrl, email: 'ann@acme.test', event, timeZone: 'Europe/Paris', inviterName: 'Bo Lind', role: 'volunteer', acceptUrl: `${publicUrl}/auth` }, l),
  'meeting-requested': (l) => meetingRequestedEmail.render(meetingProps, l),
  'meeting-accepted': (l) => meetingAcceptedEmail.render({ ...meetingProps, recipientId: 'r1' }, l),
  'meeting-declined': (l) => meetingDeclinedEmail.render({ ...meetingProps, recipientId: 'r1' }, l),
  'meeting-cancelled': (l) => meetingCancelledEmail.render(meetingProps, l),
  'unread-digest': (l) =>
    unreadMessagesDigestEmail.render(
      {
        publicUrl,
        unsubscribeUrl,
        recipientName: 'Amelia',
        timeZone: 'Europe/Paris',
        conversations: ['Bo', 'Cy', 'Di'].map((fullName, index) => ({ sender: { id: `u${index}`, fullName }, unreadCount: 5, latest: [{ body: 'Hi', sentAt: start }] })),
      },
      l,
    ),
  'registration-confirmation': (l) => registrationConfirmationEmail.render(registered, l),
  'registration-confirmation, from the waitlist': (l) => registrationConfirmationEmail.render({ ...registered, fromWaitlist: true }, l),
  'registration-cancelled, by the person': (l) => registrationCancelledEmail.render({ ...registered, endedFrom: 'registered', byOrganizer: false }, l),
  'registration-cancelled, waitlist by the organizers': (l) => registrationCancelledEmail.render({ ...registered, endedFrom: 'waitlisted', byOrganizer: true }, l),
  'waitlist-joined': (l) => waitlistJoinedEmail.render({ ...registered, position: 3 }, l),
  'ticket-status-changed': (l) =>
    ticketStatusChangedEmail.render({ publicUrl, unsubscribeUrl, recipientName: 'Amelia', ticket: { subject: 'Badge', status: 'in_progress' }, event }, l),
  'goodie-received': (l) =>
    goodieReceivedEmail.render({ publicUrl, unsubscribeUrl, recipientName: 'Amelia', event, volunteerName: 'Bo', receivedAt: start, timeZone: 'Europe/Paris' }, l),
  'webhook-disabled': (l) =>
    webhookDisabledEmail.render({ publicUrl, unsubscribeUrl, event, url: 'https://hooks.acme.test/in', failures: 10, lastError: 'HTTP 500' }, l),
};

const TRANSLATIONS: Record<Exclude<LanguageCode, 'en'>, Record<string, string>> = { de, fr, es };
/** The month of the facts' dates as each language writes it. */
const JUNE: Record<LanguageCode, string> = { en: 'June', de: 'Juni', fr: 'juin', es: 'junio' };

/**
 * The English sentences' words an email in `language` must not hold: each English text's parts between its
 * placeholders, long enough to be a phrase, unless that language's text says the same.
 */
function englishPhrases(language: Exclude<LanguageCode, 'en'>): string[] {
  const translated = TRANSLATIONS[language];
  return Object.entries(en as Record<string, string>).flatMap(([key, english]) =>
    english
      .split(/\{\{\w+\}\}/)
      .map((part) => part.trim())
      .filter((part) => part.length >= 12 && !(translated[key] ?? '').includes(part)),
  );
}

describe('every email in every language', () => {
  for (const [name, render] of Object.entries(EMAILS)) {
    it(`${name}: no English sentence left in German, French or Spanish, dates in the language`, async () => {
      const english = await render('en');
      expect(english.html).toContain('lang="en"');
      for (const language of ['de', 'fr', 'es'] as const) {
        const mail = await render(language);
        expect(mail.html).toContain(`lang="${language}"`);
        expect(mail.subject).not.toBe(english.subject);
        const leftovers = englishPhrases(language).filter((phrase) => mail.text.includes(phrase) || mail.subject.includes(phrase));
        expect(leftovers, `${name} in ${language}`).toEqual([]);
        if (english.text.includes(JUNE.en)) expect(mail.text).toContain(JUNE[language]);
      }
    });
  }
});
