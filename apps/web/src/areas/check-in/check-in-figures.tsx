import { liveTopics } from '@mingle/shared/core/live';
import { useQuery } from '@tanstack/react-query';
import { DoorOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatTime, zoneName } from '@/lib/datetime';
import { formattingLocale } from '@/lib/i18n';
import { useLiveTopic } from '@/lib/use-live-topic';
import { checkInKeys, checkInSummaryQueryOptions } from './api';

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * The door's live figures for the organizers: checked in of registered, per point, and per quarter hour (on the
 * event's clock, `timeZone`, named; the viewer's own while the event is loading).
 */
export function CheckInFigures({ eventId, timeZone }: { eventId: string; timeZone: string | undefined }) {
  const { t } = useTranslation('check-in');
  const numberFormat = new Intl.NumberFormat(formattingLocale());
  const summary = useQuery(checkInSummaryQueryOptions(eventId));
  // Every check-in and undo anywhere at the door is announced on the event's analytics topic.
  useLiveTopic(summary.isSuccess ? liveTopics.eventAnalytics(eventId) : null, [checkInKeys.summary(eventId)]);
  const figures = summary.data;
  const rows = (figures?.timeline ?? []).map((quarter) => ({ time: formatTime(quarter.at, timeZone), count: quarter.count }));
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <DoorOpen className="size-5" aria-hidden />
          {t('Door check-in')}
        </CardTitle>
        <Link to={`/events/${eventId}/check-in`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          {t('Open the door')}
        </Link>
      </CardHeader>
      <CardContent className="grid gap-6">
        {!figures ? (
          <Skeleton className="h-40 rounded-lg" />
        ) : (
          <>
            <div>
              <p className="text-3xl font-bold tabular-nums" aria-label={t('{{checkedIn}} of {{registered}} registered checked in', { checkedIn: numberFormat.format(figures.checkedIn), registered: numberFormat.format(figures.registered) })}>
                {numberFormat.format(figures.checkedIn)}
                <span className="text-lg font-medium text-muted-foreground"> {t('/ {{registered}} checked in', { registered: numberFormat.format(figures.registered) })}</span>
              </p>
              <div role="progressbar" aria-label={t('Registered people checked in')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percentOf(figures.checkedIn, figures.registered)} className="mt-2 h-2 overflow-hidden rounded-full bg-muted">
                <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percentOf(figures.checkedIn, figures.registered)}%` }} />
              </div>
            </div>
            {figures.points.length > 0 && (
              <table className="w-full text-sm">
                <caption className="sr-only">{t('Check-ins per point')}</caption>
                <thead className="text-left text-xs text-muted-foreground">
                  <tr>
                    <th className="pb-1 font-medium">{t('Point')}</th>
                    <th className="pb-1 text-right font-medium">{t('Checked in')}</th>
                  </tr>
                </thead>
                <tbody>
                  {figures.points.map((point) => (
                    <tr key={point.pointId ?? 'door'} className="border-t">
                      <td className="py-1.5">{point.name}</td>
                      <td className="py-1.5 text-right tabular-nums">{numberFormat.format(point.checkedIn)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {rows.length > 0 ? (
              <figure>
                <figcaption className="mb-2 text-sm font-medium">
                  {t('Check-ins per quarter hour')}
                  {timeZone && <span className="font-normal text-muted-foreground"> ({zoneName(figures.timeline[0]!.at, timeZone)})</span>}
                </figcaption>
                <div className="h-48 w-full min-w-0 overflow-hidden" aria-hidden>
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart accessibilityLayer={false} data={rows} margin={{ top: 4, right: 8, bottom: 0, left: -20 }}>
                      <CartesianGrid vertical={false} stroke="var(--color-border)" />
                      <XAxis dataKey="time" tickLine={false} axisLine={false} fontSize={12} minTickGap={16} />
                      <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={40} />
                      <Tooltip cursor={{ fill: 'var(--color-accent)' }} contentStyle={{ borderRadius: 8, borderColor: 'var(--color-border)', fontSize: 13 }} />
                      <Bar dataKey="count" name={t('Check-ins')} fill="var(--color-primary)" radius={4} maxBarSize={24} isAnimationActive={false} />
                    </BarChart>
                  </ResponsiveContainer>
                </div>
                <table className="sr-only">
                  <caption>{t('Check-ins per quarter hour')}</caption>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.time}>
                        <th scope="row">{row.time}</th>
                        <td>{row.count}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </figure>
            ) : (
              <p className="text-sm text-muted-foreground">{t('Nobody has been checked in yet.')}</p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
