import { NETWORKING_PROFILE_LIMIT } from '@mingle/shared/core/constants';
import type { SponsorCardDto } from '@mingle/shared/sponsors/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CalendarPlus, ExternalLink, LifeBuoy, ServerCrash, Store, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PageTitle } from '@/components/ui/page-title';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { attendeesPreviewQueryOptions } from '@/areas/networking';
import { sponsorCardsQueryOptions } from '@/areas/sponsors/api';
import { hostOf, safeHref, SPONSOR_GRID, SponsorLogo, TIER_CARDS, TierBadge } from '@/areas/sponsors/sponsor-bits';
import { cn } from '@/lib/cn';
import { Trans, useTranslation } from 'react-i18next';

/** The networking tab's profiles: the people the viewer may see (built by networking), at most 50. */
const profilesQueryOptions = attendeesPreviewQueryOptions(NETWORKING_PROFILE_LIMIT);

/** /sponsors-networking (spec 02 "Sponsors and Networking"): tabs Sponsors and Networking. */
export function SponsorsNetworkingPage() {
  return <SponsorsNetworking />;
}

function SponsorsNetworking() {
  const { t } = useTranslation('sponsors');
  const sponsors = useQuery(sponsorCardsQueryOptions);
  const profiles = useQuery(profilesQueryOptions);

  useEffect(() => {
    if (sponsors.isError) toast.error(t('Error'), { description: t('Failed to load data: {{reason}}', { reason: t(sponsors.error.message, { ns: 'messages' }) }) });
  }, [sponsors.isError, sponsors.error, t]);
  useEffect(() => {
    if (profiles.isError) toast.error(t('Error'), { description: t('Failed to load data: {{reason}}', { reason: t(profiles.error.message, { ns: 'messages' }) }) });
  }, [profiles.isError, profiles.error, t]);

  return (
    <>
      <PageTitle
        title={t('Sponsors and Networking')}
        description={t("Visit the booths of your events' sponsors and meet the people there.")}
        actions={
          <Link to="/support" className={buttonVariants({ variant: 'outline' })}>
            <LifeBuoy aria-hidden />
            {t('Support')}
          </Link>
        }
      />
      <Tabs defaultValue="sponsors">
        <TabsList className="mb-5">
          <TabsTrigger value="sponsors">
            <Store aria-hidden />
            {t('Sponsors')}
          </TabsTrigger>
          <TabsTrigger value="networking">
            <Users aria-hidden />
            {t('Networking')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="sponsors">
          {sponsors.isPending ? (
            <CardSkeletons label={t('Loading sponsors')} />
          ) : sponsors.isError ? (
            <EmptyState icon={ServerCrash} tone="danger" title={t('Failed to load data')} action={<Button onClick={() => void sponsors.refetch()}>{t('Try again')}</Button>}>
              {t(sponsors.error.message, { ns: 'messages' })}
            </EmptyState>
          ) : sponsors.data.length === 0 ? (
            <EmptyState icon={Store} title={t('No sponsors available at the moment')} />
          ) : (
            <ul className={SPONSOR_GRID}>
              {sponsors.data.map((sponsor) => (
                <SponsorCard key={sponsor.id} sponsor={sponsor} />
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="networking">
          {profiles.isPending ? (
            <CardSkeletons label={t('Loading profiles')} />
          ) : profiles.isError ? (
            <EmptyState icon={ServerCrash} tone="danger" title={t('Failed to load data')} action={<Button onClick={() => void profiles.refetch()}>{t('Try again')}</Button>}>
              {t(profiles.error.message, { ns: 'messages' })}
            </EmptyState>
          ) : profiles.data.attendees.length === 0 ? (
            <EmptyState icon={Users} title={t('No profiles to show yet')}>
              {t('People appear here when you share an event with networking turned on.')}
            </EmptyState>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {profiles.data.attendees.slice(0, NETWORKING_PROFILE_LIMIT).map((person) => {
                const role =
                  person.jobTitle && person.company
                    ? t('{{jobTitle}} at {{company}}', { jobTitle: person.jobTitle, company: person.company })
                    : person.jobTitle || person.company;
                return (
                  <li key={person.id}>
                    <article className="flex h-full flex-col rounded-xl border border-border bg-card p-5 shadow-xs">
                      <div className="flex items-center gap-3">
                        <Avatar name={person.fullName} src={person.avatarUrl} size="md" />
                        <div className="min-w-0">
                          <h2 className="truncate font-semibold">{person.fullName}</h2>
                          {role && <p className="truncate text-sm text-muted-foreground">{role}</p>}
                        </div>
                      </div>
                      {person.bio && <p className="mt-3 line-clamp-2 text-sm text-muted-foreground">{person.bio}</p>}
                      {person.interests.length > 0 && (
                        <ul aria-label={t('Interests')} className="mt-3 flex flex-wrap gap-1.5">
                          {person.interests.slice(0, 3).map((interest) => (
                            <li key={interest} className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                              {interest}
                            </li>
                          ))}
                        </ul>
                      )}
                      <div className="mt-auto pt-4">
                        <Link to={`/meetings?with=${person.id}`} className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-full' })}>
                          <CalendarPlus aria-hidden />
                          <Trans t={t} values={{ name: person.fullName }}>
                            Request Meeting<span className="sr-only"> with {'{{name}}'}</span>
                          </Trans>
                        </Link>
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </>
  );
}

/** A sponsor's card, sized and framed by its tier (TIER_CARDS). */
function SponsorCard({ sponsor }: { sponsor: SponsorCardDto }) {
  const { t } = useTranslation('sponsors');
  const website = safeHref(sponsor.websiteUrl);
  const look = TIER_CARDS[sponsor.tier];
  return (
    <li className={look.span}>
      <article data-tier={sponsor.tier} className={cn('flex h-full flex-col rounded-xl border border-border bg-card p-5 shadow-xs', look.frame)}>
        <div className="flex items-start gap-4">
          <SponsorLogo src={sponsor.logoUrl} size={look.logo} />
          <div className="min-w-0 flex-1">
            <h2 className={cn('leading-snug', look.title)}>{sponsor.companyName}</h2>
            <div className="mt-1.5 flex flex-wrap items-center gap-2">
              <TierBadge tier={sponsor.tier} />
              <span className="truncate text-xs text-muted-foreground">{sponsor.eventName}</span>
            </div>
          </div>
        </div>
        <p className="mt-4 line-clamp-3 flex-1 text-sm text-muted-foreground">{sponsor.description || t('No description yet.')}</p>
        <div className={cn('mt-5 flex gap-2', sponsor.tier === 'platinum' && 'sm:max-w-sm')}>
          <Link
            to={`/events/${sponsor.eventId}/booths/${sponsor.id}`}
            className={buttonVariants({ className: 'flex-1' })}
            aria-label={t('Visit Booth of {{company}}', { company: sponsor.companyName })}
          >
            {t('Visit Booth')}
            <ArrowRight aria-hidden />
          </Link>
          {website && (
            <a href={website} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline', size: 'icon' })} title={hostOf(website)}>
              <ExternalLink aria-hidden />
              <span className="sr-only">{t('Website of {{company}} (opens in a new tab)', { company: sponsor.companyName })}</span>
            </a>
          )}
        </div>
      </article>
    </li>
  );
}

function CardSkeletons({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((card) => (
        <Skeleton key={card} className="h-52 rounded-xl" />
      ))}
    </div>
  );
}
