import { formatSpan, formatTime } from '../../../platform/mail/format.ts';
import { composeEmail, Facts, Muted, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';

export interface EventDayBeforeEmail {
  publicUrl: string;
  unsubscribeUrl: string;
  recipientName: string;
  event: { id: string; name: string; logoUrl?: string | null; startDate: Date | string; endDate: Date | string; location?: string | null };
  /** The zone the event's dates are written in. */
  timeZone: string;
  /** The person's bookmarked sessions of the first day, in start order. */
  sessions: Array<{ title: string; startTime: Date | string; timezone: string; location?: string | null }>;
}

/** The day before an event: when and where, and the sessions the person bookmarked for its first day. */
export const eventDayBeforeEmail = mailTemplate('event-day-before', ({ publicUrl, unsubscribeUrl, recipientName, event, timeZone, sessions }: EventDayBeforeEmail): Promise<RenderedEmail> => {
  return composeEmail({
    unsubscribeUrl,
    subject: `${event.name} starts tomorrow`,
    preview: sessions.length ? `You have ${sessions.length} ${sessions.length === 1 ? 'session' : 'sessions'} in your schedule.` : 'Pick the sessions you want to attend.',
    publicUrl,
    event,
    heading: `${event.name} starts tomorrow`,
    action: { label: 'View the agenda', url: `${publicUrl}/events/${event.id}/agenda` },
    reason: `You got this email because you are registered for ${event.name} on Mingle.`,
    children: (
      <>
        <Paragraph>{`Hello ${recipientName}, see you tomorrow.`}</Paragraph>
        <Facts
          items={[
            { label: 'When', value: formatSpan(event.startDate, event.endDate, timeZone) },
            event.location ? { label: 'Where', value: event.location } : null,
          ]}
        />
        {sessions.length ? (
          <>
            <Paragraph>
              <strong>Your schedule for the first day</strong>
            </Paragraph>
            {sessions.map((session, index) => (
              <Paragraph key={index}>
                {`${formatTime(session.startTime, session.timezone)} · ${session.title}`}
                {session.location ? (
                  <>
                    <br />
                    <Muted>{session.location}</Muted>
                  </>
                ) : null}
              </Paragraph>
            ))}
          </>
        ) : (
          <Paragraph>You have no sessions in your schedule yet: bookmark the ones you want to attend, and we will remind you before they start.</Paragraph>
        )}
        <Paragraph>Your personal QR code is on your profile (My QR Code): volunteers scan it to hand you your goodie, and people you meet scan it to connect with you.</Paragraph>
      </>
    ),
  });
});
