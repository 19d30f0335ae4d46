import { createEvents } from 'ics';
import { formatSpan } from '../../../platform/mail/format.ts';
import { mailT } from '../../../platform/mail/i18n.ts';
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
export const registrationConfirmationEmail = mailTemplate('registration-confirmation', ({ publicUrl, attendeeName, event, timeZone, fromWaitlist = false }: RegistrationConfirmationEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  const names = { name: attendeeName, event: event.name };
  const when = formatSpan(event.startDate, event.endDate, timeZone, language);
  const greeting = fromWaitlist
    ? t('Hello {{name}}, a place opened up and it is yours: you are off the waitlist and registered. The attached calendar file puts the event in your calendar.', names)
    : t('Hello {{name}}, your place is saved. The attached calendar file puts the event in your calendar.', names);
  return composeEmail({
    language,
    essential: true,
    subject: fromWaitlist ? t("A place opened up: you're registered for {{event}}", names) : t("You're registered for {{event}}", names),
    preview: t('{{when}}. Add it to your calendar with the attached file.', { when }),
    publicUrl,
    event,
    heading: fromWaitlist ? t('A place opened up for you at {{event}}', names) : t("You're registered for {{event}}", names),
    action: { label: t('View the agenda'), url: `${publicUrl}/events/${event.id}/agenda` },
    reason: t('You got this email because you registered for {{event}} on Mingle.', names),
    attachments: [calendarAttachment('event.ics', eventCalendar(event, publicUrl))],
    children: (
      <>
        <Paragraph>{greeting}</Paragraph>
        <Facts
          items={[
            { label: t('When'), value: when },
            event.location ? { label: t('Where'), value: event.location } : null,
          ]}
        />
        <Paragraph>
          {t("Bookmark the sessions you want to attend, and we will remind you before they start. If you cannot come, cancel your registration on the event's page so that someone on the waitlist gets your place.")}
        </Paragraph>
      </>
    ),
  });
});
