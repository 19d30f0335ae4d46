import { liveTopics } from '@mingle/shared/core/live';
import type { LeadDto, SponsorDto } from '@mingle/shared/sponsors/contract';
import type { LeadFilter } from '@mingle/shared/sponsors/inputs';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Download, Eye, Mail, MousePointerClick, PhoneCall, ServerCrash, Store, UserCheck, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { dashboardQueryOptions, leadsQueryOptions, sponsorKeys } from '@/areas/sponsors/api';
import { RepresentativesDialog } from '@/areas/sponsors/representatives-dialog';
import { SponsorLogo, TierBadge } from '@/areas/sponsors/sponsor-bits';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/datetime';
import { formattingLocale } from '@/lib/i18n';
import { useLiveTopic } from '@/lib/use-live-topic';
import { VisitsChart } from './visits-chart';
import { Trans, useTranslation } from 'react-i18next';

/** /events/:eventId/sponsors/:sponsorId/dashboard (spec 02 "Sponsor analytics dashboard"). */
export function SponsorDashboardPage() {
  const { eventId = '', sponsorId = '' } = useParams();
  return <SponsorDashboard eventId={eventId} sponsorId={sponsorId} />;
}

const tabClass = 'h-auto min-h-9 whitespace-normal px-2 py-1.5 text-center leading-tight sm:px-3.5';

function SponsorDashboard({ eventId, sponsorId }: { eventId: string; sponsorId: string }) {
  const { t } = useTranslation('sponsors');
  const navigate = useNavigate();
  const dashboard = useQuery({ ...dashboardQueryOptions(sponsorId), retry: (count, error) => !(error instanceof ApiError && error.isClientError) && count < 2 });
  // Every booth action and lead is announced on the sponsor's analytics topic: the cards, chart and leads (whose keys
  // start with the dashboard's) follow without a reload.
  useLiveTopic(dashboard.isSuccess ? liveTopics.sponsorAnalytics(sponsorId) : null, [sponsorKeys.dashboard(sponsorId)]);
  const [representing, setRepresenting] = useState<SponsorDto | null>(null);
  const denied =
    (dashboard.error instanceof ApiError && [403, 404].includes(dashboard.error.status)) || (dashboard.data !== undefined && dashboard.data.event.id !== eventId);

  // Everyone but the event's staff, super admins and the sponsor's representatives: 'Access Denied', then /dashboard.
  useEffect(() => {
    if (!denied) return;
    toast.error(t('Access Denied'), { description: t("You don't have permission to access sponsor dashboards") });
    void navigate('/dashboard', { replace: true });
  }, [denied, navigate, t]);
  useEffect(() => {
    if (dashboard.isError && !denied) toast.error(t('Error'), { description: t('Failed to load dashboard data') });
  }, [dashboard.isError, denied, t]);
  useEffect(() => {
    document.title = dashboard.data ? t('{{company}} dashboard · Mingle', { company: dashboard.data.sponsor.companyName }) : t('Sponsor dashboard · Mingle');
  }, [dashboard.data, t]);

  if (denied) return null;
  if (dashboard.isPending) {
    return (
      <div role="status" aria-label={t('Loading dashboard')} className="grid gap-4">
        <Skeleton className="h-20 w-full rounded-xl" />
        <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
          {[0, 1, 2, 3, 4].map((card) => (
            <Skeleton key={card} className="h-24 rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-72 w-full rounded-xl" />
      </div>
    );
  }
  if (dashboard.isError) {
    return (
      <EmptyState icon={ServerCrash} tone="danger" title={t('Failed to load dashboard data')} action={<Button onClick={() => void dashboard.refetch()}>{t('Try again')}</Button>}>
        {t(dashboard.error.message, { ns: 'messages' })}
      </EmptyState>
    );
  }

  const { sponsor, event, stats, daily, canManage } = dashboard.data;
  const cards = [
    { label: t('Booth Visits'), value: stats.boothVisits, icon: Eye },
    { label: t('Unique Visitors'), value: stats.uniqueVisitors, icon: Users },
    { label: t('Website Clicks'), value: stats.websiteClicks, icon: MousePointerClick },
    { label: t('Contact Clicks'), value: stats.contactClicks, icon: PhoneCall },
    { label: t('Leads'), value: stats.leads, icon: UserCheck },
  ];
  const numberFormat = new Intl.NumberFormat(formattingLocale());

  return (
    <>
      <Link to={`/events/${eventId}/booths/${sponsor.id}`} className="mb-4 inline-flex items-center gap-1 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground">
        <span aria-hidden>←</span> {t('Back to Booth')}
      </Link>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <SponsorLogo src={sponsor.logoUrl} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm text-muted-foreground">{event.name}</p>
            <h1 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-2xl font-bold tracking-tight sm:text-3xl">
              {sponsor.companyName}
              <TierBadge tier={sponsor.tier} />
            </h1>
            <p className="mt-0.5 text-sm text-muted-foreground sm:text-base">{t('Sponsor analytics dashboard')}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {canManage && (
            <Button variant="outline" onClick={() => setRepresenting(sponsor)}>
              <Users aria-hidden />
              {t('Representatives')}
            </Button>
          )}
          <a href={`/api/sponsors/${sponsor.id}/leads.csv`} download className={buttonVariants({ variant: 'default' })}>
            <Download aria-hidden />
            {t('Export CSV')}
          </a>
        </div>
      </div>

      <ul className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-5">
        {cards.map(({ label, value, icon: Icon }, index) => (
          <li key={label} className={index === cards.length - 1 ? 'col-span-2 md:col-span-1' : undefined}>
            <Card className="h-full p-4">
              <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
                {label}
                <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                  <Icon aria-hidden className="size-4" />
                </span>
              </div>
              <p className="mt-2 text-2xl font-bold tabular-nums">{numberFormat.format(value)}</p>
            </Card>
          </li>
        ))}
      </ul>

      <Card className="mb-6">
        <CardHeader>
          <CardTitle className="text-lg">{t('Visits and leads')}</CardTitle>
          <CardDescription>{t("Per day (UTC) over the event's days")}</CardDescription>
        </CardHeader>
        <CardContent>
          <VisitsChart daily={daily} />
        </CardContent>
      </Card>

      <Tabs defaultValue="all">
        {/* Three columns on a phone (labels may wrap) so no tab hides off-screen. */}
        <TabsList className="mb-4 grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-auto">
          <TabsTrigger value="all" className={tabClass}>
            {t('All Leads ({{number}})', { number: stats.leads })}
          </TabsTrigger>
          <TabsTrigger value="high" className={tabClass}>
            {t('High Interest ({{number}})', { number: stats.highInterest })}
          </TabsTrigger>
          <TabsTrigger value="contact" className={tabClass}>
            {t('Contact Requests ({{number}})', { number: stats.contactRequests })}
          </TabsTrigger>
        </TabsList>
        {(['all', 'high', 'contact'] as const).map((filter) => (
          <TabsContent key={filter} value={filter}>
            <LeadList sponsorId={sponsor.id} filter={filter} />
          </TabsContent>
        ))}
      </Tabs>
      <RepresentativesDialog sponsor={representing} onOpenChange={(open) => !open && setRepresenting(null)} />
    </>
  );
}

function LeadList({ sponsorId, filter }: { sponsorId: string; filter: LeadFilter }) {
  const { t } = useTranslation('sponsors');
  const leads = useInfiniteQuery(leadsQueryOptions(sponsorId, filter));
  if (leads.isPending) {
    return (
      <div role="status" aria-label={t('Loading leads')} className="grid gap-3">
        {[0, 1].map((row) => (
          <Skeleton key={row} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  }
  if (leads.isError) {
    return (
      <EmptyState icon={ServerCrash} tone="danger" title={t('Failed to load dashboard data')} action={<Button onClick={() => void leads.refetch()}>{t('Try again')}</Button>}>
        {t(leads.error.message, { ns: 'messages' })}
      </EmptyState>
    );
  }
  const rows = leads.data.pages.flatMap((page) => page.leads);
  if (rows.length === 0) return <EmptyState icon={Store} title={t('No leads yet')} />;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3">
        {rows.map((lead) => (
          <LeadRow key={lead.id} lead={lead} />
        ))}
      </ul>
      {leads.hasNextPage && (
        <Button variant="outline" className="justify-self-center" loading={leads.isFetchingNextPage} onClick={() => void leads.fetchNextPage()}>
          {t('Load more')}
        </Button>
      )}
    </div>
  );
}

const levelVariant = { high: 'success', medium: 'warning', low: 'secondary' } as const;
// The level and its noun as one text, so that each language can inflect the level ("Hohes Interesse").
const LEVEL_INTEREST = { high: 'High interest', medium: 'Medium interest', low: 'Low interest' } as const;

function LeadRow({ lead }: { lead: LeadDto }) {
  const { t } = useTranslation('sponsors');
  const role =
    lead.jobTitle && lead.company ? t('{{jobTitle}} at {{company}}', { jobTitle: lead.jobTitle, company: lead.company }) : lead.jobTitle || lead.company;
  return (
    <li className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-xs">
      <Avatar name={lead.fullName} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{lead.fullName}</h3>
          <Badge variant={levelVariant[lead.interestLevel]}>{t(LEVEL_INTEREST[lead.interestLevel])}</Badge>
          {lead.contactRequested && (
            <Badge variant="default">
              <Mail aria-hidden />
              {t('Contact requested')}
            </Badge>
          )}
        </div>
        <p className="mt-0.5 text-sm text-muted-foreground">{role || t('No job title or company given')}</p>
        {lead.email && (
          <a href={`mailto:${lead.email}`} className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
            <Mail aria-hidden className="size-3.5" />
            {lead.email}
          </a>
        )}
        {lead.interests.length > 0 && (
          <ul aria-label={t('Interests')} className="mt-2 flex flex-wrap gap-1.5">
            {lead.interests.map((interest) => (
              <li key={interest} className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                {interest}
              </li>
            ))}
          </ul>
        )}
        {lead.notes && <p className="mt-2 rounded-lg bg-subtle px-3 py-2 text-sm whitespace-pre-line">{lead.notes}</p>}
        <p className="mt-2 text-xs text-muted-foreground">
          <Trans t={t} values={{ visitedAt: formatDateTime(lead.visitedAt) }}>
            Visited <time dateTime={lead.visitedAt}>{'{{visitedAt}}'}</time>
          </Trans>
        </p>
      </div>
    </li>
  );
}
