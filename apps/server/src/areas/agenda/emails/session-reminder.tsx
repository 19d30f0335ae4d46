import type { TFunction } from 'i18next';
import { formatWhen } from '../../../platform/mail/format.ts';
import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Facts, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';

export interface SessionReminderEmail {
  publicUrl: string;
  unsubscribeUrl: string;
  /** The lead time the reminder was sent with (configurable), in minutes. */
  minutesBefore: number;
  event: { name: string; logoUrl?: string | null };
  session: {
    id: string;
    title: string;
    startTime: Date | string;
    /** The zone the session is shown in (sessions.timezone). */
    timezone: string;
    location?: string | null;
    speakerName?: string | null;
  };
}

/** "10 minutes", "1 hour", "1 hour 30 minutes": the reminder's lead time in the recipient's language. */
function leadTime(t: TFunction<'mail'>, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return t('{{count}} minutes', { count: rest });
  return rest ? t('{{hours}} {{minutes}}', { hours: t('{{count}} hours', { count: hours }), minutes: t('{{count}} minutes', { count: rest }) }) : t('{{count}} hours', { count: hours });
}

/** A session the person bookmarked is about to start: what, when, where, and the way to its Q&A. */
export const sessionReminderEmail = mailTemplate('session-reminder', ({ publicUrl, unsubscribeUrl, minutesBefore, event, session }: SessionReminderEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  const soon = leadTime(t, minutesBefore);
  return composeEmail({
    language,
    unsubscribeUrl,
    subject: t('Starting in {{time}}: {{session}}', { time: soon, session: session.title }),
    preview: session.location
      ? t('{{session}} starts in {{time}}, {{location}}.', { session: session.title, time: soon, location: session.location })
      : t('{{session}} starts in {{time}}.', { session: session.title, time: soon }),
    publicUrl,
    event,
    heading: t('{{session}} starts in {{time}}', { session: session.title, time: soon }),
    action: { label: t('Open the session Q&A'), url: `${publicUrl}/sessions/${session.id}/qa` },
    reason: t('You got this email because you bookmarked this session at {{event}}.', { event: event.name }),
    children: (
      <>
        <Paragraph>{t('A session in your schedule is about to start.')}</Paragraph>
        <Facts
          items={[
            { label: t('Session'), value: session.title },
            { label: t('Starts'), value: formatWhen(session.startTime, session.timezone, language) },
            session.location ? { label: t('Where'), value: session.location } : null,
            session.speakerName ? { label: t('Speaker'), value: session.speakerName } : null,
          ]}
        />
      </>
    ),
  });
});
