import { SESSION_TYPE_LABELS, type SessionType } from '@mingle/shared/core/constants';
import type { SessionDto } from '@mingle/shared/agenda/contract';
import { Clock, Globe, MapPin, Mic, Users } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { IconText } from '@/components/ui/icon-text';
import { cn } from '@/lib/cn';
import { formatTimeSpan, viewerClockDiffers, viewerTimeZone } from '@/lib/datetime';

const TYPE_STYLES: Record<SessionType, string> = {
  topic: 'border-brand-200 bg-brand-50 text-brand-800',
  break: 'border-zinc-200 bg-zinc-100 text-zinc-700',
  networking: 'border-teal-200 bg-teal-50 text-teal-800',
  workshop: 'border-amber-300 bg-amber-50 text-amber-900',
};

export const TYPE_ACCENTS: Record<SessionType, string> = {
  topic: 'bg-brand-500',
  break: 'bg-zinc-300',
  networking: 'bg-teal-500',
  workshop: 'bg-amber-400',
};

export function SessionTypeBadge({ type }: { type: SessionType }) {
  const { t } = useTranslation('agenda');
  return <Badge className={TYPE_STYLES[type]}>{t(SESSION_TYPE_LABELS[type], { ns: 'messages' })}</Badge>;
}

/**
 * When a session happens: its date and time in its own zone, named, and, when the viewer's zone shows a different
 * clock, the viewer's time too (spec: the event's zone and the viewer's).
 */
export function SessionTime({ session, className }: { session: Pick<SessionDto, 'startTime' | 'endTime' | 'timezone'>; className?: string }) {
  const { t } = useTranslation('agenda');
  const viewer = viewerTimeZone();
  const local = formatTimeSpan(session.startTime, session.endTime, session.timezone);
  const mine = formatTimeSpan(session.startTime, session.endTime, viewer);
  const differs = viewerClockDiffers(session.startTime, session.timezone, viewer);
  return (
    <div className={cn('grid gap-0.5 text-sm', className)}>
      <p className="flex items-center gap-1.5 font-medium text-foreground">
        <Clock aria-hidden className="size-4 shrink-0 text-brand-600" />
        <span>{local}</span>
      </p>
      {differs && (
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <Globe aria-hidden className="size-4 shrink-0" />
          <span>{t('Your time: {{time}}', { time: mine })}</span>
        </p>
      )}
    </div>
  );
}

/** "12 / 40 checked in" or "12 checked in · no limit". */
export function capacityText(session: Pick<SessionDto, 'attendeeCount' | 'maxCapacity'>, t: TFunction<'agenda'>): string {
  return session.maxCapacity === null
    ? t('{{count}} checked in · no limit', { count: session.attendeeCount })
    : t('{{count}} / {{capacity}} checked in', { count: session.attendeeCount, capacity: session.maxCapacity });
}

/** Who speaks, where, and how full: the line under a session's time on the manage and schedule pages. */
export function SessionFacts({ session }: { session: Pick<SessionDto, 'speakerName' | 'location' | 'attendeeCount' | 'maxCapacity'> }) {
  const { t } = useTranslation('agenda');
  return (
    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
      {session.speakerName && <IconText icon={Mic}>{session.speakerName}</IconText>}
      {session.location && <IconText icon={MapPin}>{session.location}</IconText>}
      <IconText icon={Users}>{capacityText(session, t)}</IconText>
    </p>
  );
}
