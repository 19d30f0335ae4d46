import { createEvents } from 'ics';
import { formatSpan } from '../../../platform/mail/format.ts';
import { composeEmail, Facts, Paragraph } from '../../../platform/mail/layout.tsx';
import { calendarAttachment, type RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';

export interface RegisteredEvent {
  id: string;
  name: string;
  slug: string;
  logoUrl?: string | null;
  startDate: Date | string;
  endDate: Date | string;
  location?: string | null;
}

export interface RegistrationConfirmationEmail {
  publicUrl: string;
  attendeeName: string;
  event: RegisteredEvent;
  /** The zone the event's dates are written in. */
  timeZone: string;
  /** The place came free while the person waited on the waitlist (they did not just click). */
  fromWaitlist?: boolean;
}

/** The event as an iCalendar file: instants in UTC (DTSTART:…Z), so every calendar shows them in its own zone. */
function eventCalendar(event: RegisteredEvent, publicUrl: string): string {
  const { error, value } = createEvents(
    [
      {
        uid: `event-${event.id}@mingle`,
        start: new Date(event.startDate).getTime(),
        startInputType: 'utc',
        startOutputType: 'utc',
        end: new Date(event.endDate).getTime(),
        endInputType: 'utc',
        endOutputType: 'utc',
        title: event.name,
        location: event.location ?? undefined,
        url: `${publicUrl}/event/${event.slug}`,
        status: 'CONFIRMED',
        productId: 'mingle/events',
      },
    ],
    { productId: 'mingle/events', method: 'PUBLISH' },
  );
  if (error || value == null) throw error ?? new Error('calendar could not be built');
  return value;
}

/**
 * "You're registered": the event's facts and an .ics file to put it in a calendar. Essential: it is the receipt of
 * what the person just did (or, from the waitlist, of the place they waited for), so it goes out whatever their
 * preferences say, without an unsubscribe.
 */
export const registrationConfirmationEmail = mailTemplate('registration-confirmation', ({ publicUrl, attendeeName, event, timeZone, fromWaitlist = false }: RegistrationConfirmationEmail): Promise<RenderedEmail> => {
  const when = formatSpan(event.startDate, event.endDate, timeZone);
  const greeting = fromWaitlist
    ? `Hello ${attendeeName}, a place opened up and it is yours: you are off the waitlist and registered.`
    : `Hello ${attendeeName}, your place is saved.`;
  return composeEmail({
    essential: true,
    subject: fromWaitlist ? `A place opened up: you're registered for ${event.name}` : `You're registered for ${event.name}`,
    preview: `${when}. Add it to your calendar with the attached file.`,
    publicUrl,
    event,
    heading: fromWaitlist ? `A place opened up for you at ${event.name}` : `You're registered for ${event.name}`,
    action: { label: 'View the agenda', url: `${publicUrl}/events/${event.id}/agenda` },
    reason: `You got this email because you registered for ${event.name} on Mingle.`,
    attachments: [calendarAttachment('event.ics', eventCalendar(event, publicUrl))],
    children: (
      <>
        <Paragraph>{`${greeting} The attached calendar file puts the event in your calendar.`}</Paragraph>
        <Facts
          items={[
            { label: 'When', value: when },
            event.location ? { label: 'Where', value: event.location } : null,
          ]}
        />
        <Paragraph>Bookmark the sessions you want to attend, and we will remind you before they start. If you cannot come, cancel your registration on the event's page so that someone on the waitlist gets your place.</Paragraph>
      </>
    ),
  });
});
