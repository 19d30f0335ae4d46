import { formatSpan } from '../../../platform/mail/format.ts';
import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Facts, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';
import type { RegisteredEvent } from './registration-confirmation.tsx';

export interface RegistrationCancelledEmail {
  publicUrl: string;
  attendeeName: string;
  event: RegisteredEvent;
  timeZone: string;
  /** What ended: their place, or their place on the waitlist. */
  endedFrom: 'registered' | 'waitlisted';
  /** An organizer ended it, not the person. */
  byOrganizer: boolean;
}

/**
 * The end of a registration or a waitlist place, by the person (a receipt) or by an organizer (so they are not
 * turned away at the door unawares). Essential: no unsubscribe.
 */
export const registrationCancelledEmail = mailTemplate('registration-cancelled', ({ publicUrl, attendeeName, event, timeZone, endedFrom, byOrganizer }: RegistrationCancelledEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  const names = { name: attendeeName, event: event.name };
  // Each case whole, so every language words its own sentences.
  const registered = endedFrom === 'registered';
  const text = byOrganizer
    ? registered
      ? {
          subject: t('Your registration for {{event}} was cancelled by the organizers', names),
          preview: t('The organizers cancelled your registration.'),
          heading: t('Your registration was cancelled'),
          body: t('Hello {{name}}, the organizers of {{event}} have cancelled your registration. If you think this is a mistake, contact the organizers, or register again while registration is open.', names),
        }
      : {
          subject: t('Your place on the waitlist for {{event}} was cancelled by the organizers', names),
          preview: t('The organizers cancelled your place on the waitlist.'),
          heading: t('Your place on the waitlist was cancelled'),
          body: t('Hello {{name}}, the organizers of {{event}} have cancelled your place on the waitlist. If you think this is a mistake, contact the organizers, or register again while registration is open.', names),
        }
    : registered
      ? {
          subject: t('Your registration for {{event}} is cancelled', names),
          preview: t('Your registration is cancelled.'),
          heading: t('Your registration for {{event}} is cancelled', names),
          body: t('Hello {{name}}, as you asked, your registration for {{event}} is cancelled. Your place goes to the next person on the waitlist, if there is one. Changed your mind? Register again while registration is open.', names),
        }
      : {
          subject: t('You left the waitlist for {{event}}', names),
          preview: t('Your place on the waitlist is cancelled.'),
          heading: t('You left the waitlist for {{event}}', names),
          body: t('Hello {{name}}, as you asked, your place on the waitlist for {{event}} is cancelled. Changed your mind? Register again while registration is open.', names),
        };
  return composeEmail({
    language,
    essential: true,
    subject: text.subject,
    preview: text.preview,
    publicUrl,
    event,
    heading: text.heading,
    action: { label: t('View the event'), url: `${publicUrl}/event/${event.slug}` },
    reason: t('You got this email because you had registered for {{event}} on Mingle.', names),
    children: (
      <>
        <Paragraph>{text.body}</Paragraph>
        <Facts items={[{ label: t('Event'), value: `${event.name}, ${formatSpan(event.startDate, event.endDate, timeZone, language)}` }]} />
      </>
    ),
  });
});
