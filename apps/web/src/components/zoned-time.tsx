import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatViewerTime,
  formatZonedDateTime,
  formatZonedTime,
  viewerClockDiffers,
  viewerTimeZone,
  zoneName,
} from '@/lib/datetime';

/**
 * An instant in an event's or session's zone, the zone named, and the viewer's own time beside it when their clock
 * reads differently: "Jun 1, 2026, 9:00 AM GMT-3 · 12:00 PM your time (GMT)" (decision 0183).
 */
export function ZonedDateTime({ iso, timeZone, className }: { iso: string; timeZone: string; className?: string }) {
  return (
    <span className={className}>
      {formatZonedDateTime(iso, timeZone)}
      <ViewerTime iso={iso} timeZone={timeZone} />
    </span>
  );
}

/** A time of day at the event (a check-in): "9:12 AM GMT-3 · 1:12 PM your time (GMT+1)"; no zone, the viewer's. */
export function ZonedTime({ iso, timeZone }: { iso: string; timeZone: string | undefined }) {
  return (
    <>
      {formatZonedTime(iso, timeZone)}
      {timeZone && <ViewerTime iso={iso} timeZone={timeZone} />}
    </>
  );
}

/** " · 12:00 PM your time (GMT)" after an event-zone time, or nothing when the viewer's clock reads the same. */
export function ViewerTime({ iso, timeZone }: { iso: string; timeZone: string }) {
  const text = useViewerTimeText()(iso, timeZone);
  if (!text) return null;
  return (
    <span className="text-muted-foreground" data-testid="viewer-time">
      {' · '}
      {text}
    </span>
  );
}

/** "12:00 PM your time (GMT)", also for a text without markup (a toast); '' when the viewer's clock reads the same. */
export function useViewerTimeText(): (iso: string, timeZone: string | undefined) => string {
  const { t } = useTranslation('locale');
  return useCallback(
    (iso: string, timeZone: string | undefined) =>
      !timeZone || !viewerClockDiffers(iso, timeZone)
        ? ''
        : t('{{time}} your time ({{zone}})', { time: formatViewerTime(iso, timeZone), zone: zoneName(iso, viewerTimeZone()) }),
    [t],
  );
}

