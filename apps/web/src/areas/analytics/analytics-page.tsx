import { liveTopics } from '@mingle/shared/core/live';
import type { EventAnalyticsDto } from '@mingle/shared/analytics/contract';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, CalendarCheck, Eye, Handshake, MousePointerClick, Store, UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { PageTitle } from '@/components/ui/page-title';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Button } from '@/components/ui/button';
import { formattingLocale } from '@/lib/i18n';
import { useManageAccess } from '@/lib/use-manage-access';
import { useLiveTopic } from '@/lib/use-live-topic';
import { analyticsKey, analyticsQueryOptions } from './api';
import { ActivityChart, SessionsChart, SponsorsChart } from './event-charts';

/** /events/:eventId/analytics (spec 02 "Event Analytics"). */
export function AnalyticsPage() {
  const { eventId = '' } = useParams();
  return <EventAnalytics eventId={eventId} />;
}

function EventAnalytics({ eventId }: { eventId: string }) {
  const { t } = useTranslation('analytics');
  const analytics = useQuery(analyticsQueryOptions(eventId));
  useLiveTopic(analytics.isSuccess ? liveTopics.eventAnalytics(eventId) : null, [analyticsKey(eventId)]);
  useEffect(() => {
    document.title = analytics.data ? `${analytics.data.event.name} · ${t('Analytics')} · Mingle` : `${t('Event Analytics')} · Mingle`;
  }, [analytics.data, t]);
  const denied = useManageAccess(analytics.error);
  useEffect(() => {
    if (analytics.isError && !denied) toast.error(t('Error'), { description: t('Failed to load analytics') });
  }, [analytics.isError, denied, t]);

  if (denied) return null;

  return (
    <>
      {analytics.isPending ? (
        <div className="grid gap-4">
          <Skeleton className="h-9 w-1/2" />
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-28 rounded-xl" />
            ))}
          </div>
        </div>
      ) : analytics.isError ? (
        <EmptyState icon={BarChart3} tone="danger" title={t('Failed to load analytics')} action={<Button onClick={() => void analytics.refetch()}>{t('Try again')}</Button>}>
          {t(analytics.error.message, { ns: 'messages' })}
        </EmptyState>
      ) : (
        <Dashboard eventId={eventId} data={analytics.data} />
      )}
    </>
  );
}

function Dashboard({ eventId, data }: { eventId: string; data: EventAnalyticsDto }) {
  const { t } = useTranslation('analytics');
  const { metrics } = data;
  const number = new Intl.NumberFormat(formattingLocale());
  const rate = new Intl.NumberFormat(formattingLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  // The titles stay English in the test ids; the cards show them translated.
  const cards = [
    { title: 'Total Registrations', value: number.format(metrics.registrations), icon: UserPlus, note: t('People registered') },
    { title: 'Page Views', value: number.format(metrics.pageViews), icon: Eye, note: t('Public event page') },
    { title: 'Session Views', value: number.format(metrics.sessionViews), icon: CalendarCheck, note: t('Sessions opened') },
    { title: 'Booth Visits', value: number.format(metrics.boothVisits), icon: Store, note: t('Sponsor booths') },
    { title: 'Meeting Requests', value: number.format(metrics.meetingRequests), icon: Handshake, note: t('1:1 meetings asked') },
    {
      title: 'Engagement Rate',
      value: rate.format(metrics.engagementRate),
      icon: MousePointerClick,
      note: t('{{engagements}} engagements ÷ {{registrations}} registrations', {
        engagements: number.format(metrics.engagements),
        registrations: number.format(metrics.registrations),
      }),
    },
  ] as const;
  return (
    <>
      <PageTitle back={{ to: `/events/${eventId}/agenda`, label: t('Back to Agenda') }} title={t('Event Analytics')} description={data.event.name} />
      <ul className="mb-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3" aria-label={t('Metrics')}>
        {cards.map((card) => (
          <li key={card.title}>
            <Card className="h-full">
              <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
                <CardTitle className="text-sm font-medium text-muted-foreground">{t(card.title)}</CardTitle>
                <card.icon aria-hidden className="size-5 text-brand-600" />
              </CardHeader>
              <CardContent>
                <p className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid={`metric-${card.title}`}>
                  {card.value}
                </p>
                <p className="mt-1 text-xs text-muted-foreground">{card.note}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <Tabs defaultValue="overview" className="min-w-0">
        <TabsList>
          <TabsTrigger value="overview">{t('Overview')}</TabsTrigger>
          <TabsTrigger value="sessions">{t('Sessions')}</TabsTrigger>
          <TabsTrigger value="sponsors">{t('Sponsors')}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Card>
            <CardHeader>
              <CardTitle>{t('Activity over time')}</CardTitle>
              <CardDescription>{t('Recorded actions per day (UTC)')}</CardDescription>
            </CardHeader>
            <CardContent>{data.daily.length ? <ActivityChart daily={data.daily} /> : <p className="text-sm text-muted-foreground">{t('No activity yet')}</p>}</CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="sessions">
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>{t('Most viewed sessions')}</CardTitle>
              </CardHeader>
              <CardContent>{data.sessions.length ? <SessionsChart sessions={data.sessions} by="views" /> : <p className="text-sm text-muted-foreground">{t('No sessions yet')}</p>}</CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{t('Most bookmarked sessions')}</CardTitle>
              </CardHeader>
              <CardContent>{data.sessions.length ? <SessionsChart sessions={data.sessions} by="bookmarks" /> : <p className="text-sm text-muted-foreground">{t('No sessions yet')}</p>}</CardContent>
            </Card>
          </div>
        </TabsContent>
        <TabsContent value="sponsors">
          <Card>
            <CardHeader>
              <CardTitle>{t('Booth visits and leads by sponsor')}</CardTitle>
            </CardHeader>
            <CardContent>{data.sponsors.length ? <SponsorsChart sponsors={data.sponsors} /> : <p className="text-sm text-muted-foreground">{t('No sponsors yet')}</p>}</CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </>
  );
}
