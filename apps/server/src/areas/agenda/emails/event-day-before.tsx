import { formatSpan, formatTime } from '../../../platform/mail/format.ts';
import { mailT } from '../../../platform/mail/i18n.ts';
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
export const eventDayBeforeEmail = mailTemplate('event-day-before', ({ publicUrl, unsubscribeUrl, recipientName, event, timeZone, sessions }: EventDayBeforeEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  return composeEmail({
    language,
    unsubscribeUrl,
    subject: t('{{event}} starts tomorrow', { event: event.name }),
    preview: sessions.length ? t('You have {{count}} sessions in your schedule.', { count: sessions.length }) : t('Pick the sessions you want to attend.'),
    publicUrl,
    event,
    heading: t('{{event}} starts tomorrow', { event: event.name }),
    action: { label: t('View the agenda'), url: `${publicUrl}/events/${event.id}/agenda` },
    reason: t('You got this email because you are registered for {{event}} on Mingle.', { event: event.name }),
    children: (
      <>
        <Paragraph>{t('Hello {{name}}, see you tomorrow.', { name: recipientName })}</Paragraph>
        <Facts
          items={[
            { label: t('When'), value: formatSpan(event.startDate, event.endDate, timeZone, language) },
            event.location ? { label: t('Where'), value: event.location } : null,
          ]}
        />
        {sessions.length ? (
          <>
            <Paragraph>
              <strong>{t('Your schedule for the first day')}</strong>
            </Paragraph>
            {sessions.map((session, index) => (
              <Paragraph key={index}>
                {`${formatTime(session.startTime, session.timezone, language)} · ${session.title}`}
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
          <Paragraph>{t('You have no sessions in your schedule yet: bookmark the ones you want to attend, and we will remind you before they start.')}</Paragraph>
        )}
        <Paragraph>{t('Your personal QR code is on your profile (My QR Code): volunteers scan it to hand you your goodie, and people you meet scan it to connect with you.')}</Paragraph>
      </>
    ),
  });
});
