import { useQuery } from '@tanstack/react-query';
import { BarChart3, ExternalLink, Lock, Mail, MapPin, Phone, SearchX, ServerCrash } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageTitle } from '@/components/ui/page-title';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { boothQueryOptions, recordSponsorAction } from '@/areas/sponsors/api';
import { hostOf, safeHref, SponsorLogo, TierBadge } from '@/areas/sponsors/sponsor-bits';
import { ApiError } from '@/lib/api';
import { InterestCard } from './interest-card';
import { useTranslation } from 'react-i18next';

/** /events/:eventId/booths/:sponsorId (spec 02 "Booth detail"). */
export function BoothPage() {
  const { eventId = '', sponsorId = '' } = useParams();
  return <Booth eventId={eventId} sponsorId={sponsorId} />;
}

function Booth({ eventId, sponsorId }: { eventId: string; sponsorId: string }) {
  const { t } = useTranslation('sponsors');
  const booth = useQuery(boothQueryOptions(sponsorId));
  const recorded = useRef<string | null>(null);
  const notFound = (booth.error instanceof ApiError && booth.error.status === 404) || (booth.data && booth.data.event.id !== eventId);

  // One booth_visit per visit, sent in the background: a failure never blocks or bothers the visitor.
  useEffect(() => {
    if (recorded.current === sponsorId) return;
    recorded.current = sponsorId;
    recordSponsorAction(sponsorId, 'booth_visit');
  }, [sponsorId]);
  useEffect(() => {
    document.title = booth.data ? t('{{company}} · Virtual Booths · Mingle', { company: booth.data.sponsor.companyName }) : t('Booth · Mingle');
  }, [booth.data, t]);
  useEffect(() => {
    if (booth.isError && !notFound) toast.error(t('Error'), { description: t('Failed to load sponsor details') });
  }, [booth.isError, notFound, t]);

  const back = { to: `/events/${eventId}/booths`, label: t('Back to Booths') };
  if (notFound) {
    return (
      <>
        <PageTitle back={back} title={t('Booth')} />
        <EmptyState icon={SearchX} title={t('Sponsor not found')}>
          {t('This booth may have been removed, or you may not have access to its event.')}
        </EmptyState>
      </>
    );
  }
  if (booth.isPending) {
    return (
      <div role="status" aria-label={t('Loading booth')} className="grid gap-4">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-40 w-full rounded-xl" />
        <Skeleton className="h-72 w-full rounded-xl" />
      </div>
    );
  }
  if (booth.isError) {
    return (
      <>
        <PageTitle back={back} title={t('Booth')} />
        <EmptyState icon={ServerCrash} tone="danger" title={t('Failed to load sponsor details')} action={<Button onClick={() => void booth.refetch()}>{t('Try again')}</Button>}>
          {t(booth.error.message, { ns: 'messages' })}
        </EmptyState>
      </>
    );
  }

  const { sponsor, event, canManage, canViewDashboard, myLead } = booth.data;
  const website = safeHref(sponsor.websiteUrl);
  return (
    <>
      <Link to={back.to} className="mb-4 inline-flex items-center gap-1 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground">
        <span aria-hidden>←</span> {back.label}
      </Link>
      <section className="mb-6 flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 shadow-xs sm:flex-row sm:items-center sm:p-7">
        <div className="flex min-w-0 flex-1 items-start gap-4 sm:items-center sm:gap-5">
          <SponsorLogo src={sponsor.logoUrl} size="lg" className="size-16 sm:size-24" />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-muted-foreground">{event.name}</p>
            <h1 className="mt-0.5 text-2xl font-bold tracking-tight sm:text-3xl">{sponsor.companyName}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
              <TierBadge tier={sponsor.tier} />
              {sponsor.boothNumber && (
                <span className="inline-flex items-center gap-1">
                  <MapPin aria-hidden className="size-4" />
                  {t('Booth {{number}}', { number: sponsor.boothNumber })}
                </span>
              )}
              {website && (
                <a
                  href={website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline"
                  onClick={() => recordSponsorAction(sponsor.id, 'website_click')}
                >
                  {hostOf(website)}
                  <ExternalLink aria-hidden className="size-3.5" />
                  <span className="sr-only"> {t('(opens in a new tab)')}</span>
                </a>
              )}
            </div>
          </div>
        </div>
        {canViewDashboard && (
          <Link to={`/events/${eventId}/sponsors/${sponsor.id}/dashboard`} className={buttonVariants({ variant: 'outline' })}>
            <BarChart3 aria-hidden />
            {t('View Dashboard')}
          </Link>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('About {{company}}', { company: sponsor.companyName })}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-line text-muted-foreground">{sponsor.description || t('No description yet.')}</p>
            </CardContent>
          </Card>
          {canManage && (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">{t('Contact')}</CardTitle>
                <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                  <Lock aria-hidden className="size-3.5" />
                  {t('Only visible to event organizers')}
                </p>
              </CardHeader>
              <CardContent className="grid gap-2 text-sm">
                {sponsor.contactEmail || sponsor.contactPhone ? (
                  <>
                    {sponsor.contactEmail && (
                      <a
                        href={`mailto:${sponsor.contactEmail}`}
                        className="inline-flex w-fit items-center gap-2 font-medium text-brand-700 hover:underline"
                        onClick={() => recordSponsorAction(sponsor.id, 'contact_click')}
                      >
                        <Mail aria-hidden className="size-4" />
                        {sponsor.contactEmail}
                      </a>
                    )}
                    {sponsor.contactPhone && (
                      <a
                        href={`tel:${sponsor.contactPhone.replace(/[^\d+]/g, '')}`}
                        className="inline-flex w-fit items-center gap-2 font-medium text-brand-700 hover:underline"
                        onClick={() => recordSponsorAction(sponsor.id, 'contact_click')}
                      >
                        <Phone aria-hidden className="size-4" />
                        {sponsor.contactPhone}
                      </a>
                    )}
                  </>
                ) : (
                  <p className="text-muted-foreground">{t('No contact details yet.')}</p>
                )}
              </CardContent>
            </Card>
          )}
        </div>
        <InterestCard key={myLead?.id ?? 'none'} sponsorId={sponsor.id} companyName={sponsor.companyName} lead={myLead} />
      </div>
    </>
  );
}
