import { SPONSOR_TIER_LABELS } from '@mingle/shared/core/constants';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, MapPin, ServerCrash, Store } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageTitle } from '@/components/ui/page-title';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { sponsorListQueryOptions } from '@/areas/sponsors/api';
import { SPONSOR_GRID, SponsorLogo, TIER_CARDS, TierBadge } from '@/areas/sponsors/sponsor-bits';
import { cn } from '@/lib/cn';
import { useTranslation } from 'react-i18next';

/** /events/:eventId/booths (spec 02 "Virtual Booths"): the event's sponsors in tier order, searchable. */
export function BoothsPage() {
  const { eventId = '' } = useParams();
  return <Booths eventId={eventId} />;
}

function Booths({ eventId }: { eventId: string }) {
  const { t } = useTranslation('sponsors');
  const list = useQuery(sponsorListQueryOptions(eventId));
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());

  useEffect(() => {
    document.title = list.data ? t('Virtual Booths · {{event}} · Mingle', { event: list.data.event.name }) : t('Virtual Booths · Mingle');
  }, [list.data, t]);
  useEffect(() => {
    if (list.isError) toast.error(t('Error'), { description: t('Failed to load sponsors') });
  }, [list.isError, t]);

  // Search matches company name, description and tier (spec); the list is already in tier order.
  const shown = useMemo(
    () =>
      (list.data?.sponsors ?? []).filter(
        (sponsor) =>
          !query ||
          sponsor.companyName.toLowerCase().includes(query) ||
          (sponsor.description ?? '').toLowerCase().includes(query) ||
          sponsor.tier.includes(query) ||
          SPONSOR_TIER_LABELS[sponsor.tier].toLowerCase().includes(query) ||
          t(SPONSOR_TIER_LABELS[sponsor.tier], { ns: 'messages' }).toLowerCase().includes(query),
      ),
    [list.data, query, t],
  );

  return (
    <>
      <PageTitle
        back={{ to: '/dashboard', label: t('Back to Dashboard') }}
        title={t('Virtual Booths')}
        description={list.data ? t('Meet the sponsors of {{event}}', { event: list.data.event.name }) : <Skeleton className="h-5 w-56" />}
      />
      <SearchInput
        className="mb-6 max-w-md"
        aria-label={t('Search sponsors')}
        placeholder={t('Search by company, description or tier')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {list.isPending ? (
        <div role="status" aria-label={t('Loading booths')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((card) => (
            <Skeleton key={card} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <EmptyState icon={ServerCrash} tone="danger" title={t('Failed to load sponsors')} action={<Button onClick={() => void list.refetch()}>{t('Try again')}</Button>}>
          {t(list.error.message, { ns: 'messages' })}
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState icon={Store} title={query ? t('No sponsors match your search') : t('No sponsors yet')}>
          {query ? t('Try another company name, word or tier.') : t('Booths appear here once the organizers add sponsors.')}
        </EmptyState>
      ) : (
        <ul className={SPONSOR_GRID}>
          {shown.map((sponsor) => (
            <li key={sponsor.id} className={TIER_CARDS[sponsor.tier].span}>
              <article
                data-tier={sponsor.tier}
                className={cn('flex h-full flex-col rounded-xl border border-border bg-card p-5 shadow-xs transition-shadow hover:shadow-md', TIER_CARDS[sponsor.tier].frame)}
              >
                <div className="flex items-start gap-4">
                  <SponsorLogo src={sponsor.logoUrl} size={TIER_CARDS[sponsor.tier].logo} />
                  <div className="min-w-0 flex-1">
                    <h2 className={cn('leading-snug', TIER_CARDS[sponsor.tier].title)}>{sponsor.companyName}</h2>
                    <div className="mt-1.5 flex flex-wrap items-center gap-2">
                      <TierBadge tier={sponsor.tier} />
                      {sponsor.boothNumber && (
                        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                          <MapPin aria-hidden className="size-3.5" />
                          {t('Booth {{number}}', { number: sponsor.boothNumber })}
                        </span>
                      )}
                    </div>
                  </div>
                </div>
                <p className="mt-4 line-clamp-3 flex-1 text-sm text-muted-foreground">{sponsor.description || t('No description yet.')}</p>
                <Link
                  to={`/events/${eventId}/booths/${sponsor.id}`}
                  className={buttonVariants({
                    variant: sponsor.tier === 'platinum' ? 'default' : 'outline',
                    // A full-row card's button keeps a button's width.
                    className: cn('mt-5 w-full', sponsor.tier === 'platinum' && 'sm:w-auto sm:self-start'),
                  })}
                  aria-label={t('Visit Booth of {{company}}', { company: sponsor.companyName })}
                >
                  {t('Visit Booth')}
                  <ArrowRight aria-hidden />
                </Link>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
