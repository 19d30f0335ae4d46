import { leadTime } from '@mingle/shared/notifications/texts';
import { formatWhen } from '../../../platform/mail/format.ts';
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

/** A session the person bookmarked is about to start: what, when, where, and the way to its Q&A. */
export const sessionReminderEmail = mailTemplate('session-reminder', ({ publicUrl, unsubscribeUrl, minutesBefore, event, session }: SessionReminderEmail): Promise<RenderedEmail> => {
  const soon = leadTime(minutesBefore);
  return composeEmail({
    unsubscribeUrl,
    subject: `Starting in ${soon}: ${session.title}`,
    preview: `${session.title} starts in ${soon}${session.location ? `, ${session.location}` : ''}.`,
    publicUrl,
    event,
    heading: `${session.title} starts in ${soon}`,
    action: { label: 'Open the session Q&A', url: `${publicUrl}/sessions/${session.id}/qa` },
    reason: `You got this email because you bookmarked this session at ${event.name}.`,
    children: (
      <>
        <Paragraph>A session in your schedule is about to start.</Paragraph>
        <Facts
          items={[
            { label: 'Session', value: session.title },
            { label: 'Starts', value: formatWhen(session.startTime, session.timezone) },
            session.location ? { label: 'Where', value: session.location } : null,
            session.speakerName ? { label: 'Speaker', value: session.speakerName } : null,
          ]}
        />
      </>
    ),
  });
});
