import { formatSpan } from '../../../platform/mail/format.ts';
import { composeEmail, Facts, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';
import type { RegisteredEvent } from './registration-confirmation.tsx';

export interface WaitlistJoinedEmail {
  publicUrl: string;
  attendeeName: string;
  event: RegisteredEvent;
  timeZone: string;
  /** 1 is the next to get a place. */
  position: number;
}

/**
 * "You're on the waitlist": the receipt of a registration for a full event, with the person's place in the queue.
 * Essential (the receipt of their own act): no unsubscribe.
 */
export const waitlistJoinedEmail = mailTemplate('waitlist-joined', ({ publicUrl, attendeeName, event, timeZone, position }: WaitlistJoinedEmail): Promise<RenderedEmail> =>
  composeEmail({
    essential: true,
    subject: `You're on the waitlist for ${event.name}`,
    preview: `You are number ${position} on the waitlist. We will email you the moment a place opens up.`,
    publicUrl,
    event,
    heading: `You're on the waitlist for ${event.name}`,
    action: { label: 'View the event', url: `${publicUrl}/event/${event.slug}` },
    reason: `You got this email because you registered for ${event.name} on Mingle while it was full.`,
    children: (
      <>
        <Paragraph>{`Hello ${attendeeName}, ${event.name} is full, so we have put you on its waitlist: you are number ${position}. When someone cancels, the next person on the waitlist gets their place automatically, and we email you the moment it is yours.`}</Paragraph>
        <Facts
          items={[
            { label: 'When', value: formatSpan(event.startDate, event.endDate, timeZone) },
            event.location ? { label: 'Where', value: event.location } : null,
          ]}
        />
        <Paragraph>Changed your mind? Leave the waitlist on the event's page.</Paragraph>
      </>
    ),
  }),
);
