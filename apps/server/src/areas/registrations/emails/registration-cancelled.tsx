import { formatSpan } from '../../../platform/mail/format.ts';
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
export const registrationCancelledEmail = mailTemplate('registration-cancelled', ({ publicUrl, attendeeName, event, timeZone, endedFrom, byOrganizer }: RegistrationCancelledEmail): Promise<RenderedEmail> => {
  const what = endedFrom === 'registered' ? 'registration' : 'place on the waitlist';
  const subject = endedFrom === 'registered' ? `Your registration for ${event.name} is cancelled` : `You left the waitlist for ${event.name}`;
  const body = byOrganizer
    ? `Hello ${attendeeName}, the organizers of ${event.name} have cancelled your ${what}. If you think this is a mistake, contact the organizers, or register again while registration is open.`
    : `Hello ${attendeeName}, as you asked, your ${what} for ${event.name} is cancelled.${endedFrom === 'registered' ? ' Your place goes to the next person on the waitlist, if there is one.' : ''} Changed your mind? Register again while registration is open.`;
  return composeEmail({
    essential: true,
    subject: byOrganizer ? `Your ${what} for ${event.name} was cancelled by the organizers` : subject,
    preview: byOrganizer ? `The organizers cancelled your ${what}.` : `Your ${what} is cancelled.`,
    publicUrl,
    event,
    heading: byOrganizer ? `Your ${what} was cancelled` : subject,
    action: { label: 'View the event', url: `${publicUrl}/event/${event.slug}` },
    reason: `You got this email because you had registered for ${event.name} on Mingle.`,
    children: (
      <>
        <Paragraph>{body}</Paragraph>
        <Facts items={[{ label: 'Event', value: `${event.name}, ${formatSpan(event.startDate, event.endDate, timeZone)}` }]} />
      </>
    ),
  });
});
