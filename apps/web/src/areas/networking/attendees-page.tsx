import { type AttendeeOrder, NETWORKING_MESSAGES } from '@mingle/shared/networking/inputs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ServerCrash, Sparkles, Users } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { AttendeeCard } from './attendee-card';
import { DirectoryVisibilityToggle } from './directory-visibility-toggle';
import { attendeesQueryOptions } from './api';

const ORDERS = [
  { value: 'recommended', label: 'Recommended for you' },
  { value: 'newest', label: 'Newest' },
] as const;

/** /attendees (spec 02 "Discover Attendees"), with "Recommended for you" ordering and the reasons on each card. */
export function AttendeesPage() {
  return <Attendees />;
}

function Attendees() {
  const { t } = useTranslation('networking');
  const [params, setParams] = useSearchParams();
  const order: AttendeeOrder = params.get('order') === 'newest' ? 'newest' : 'recommended';
  const [search, setSearch] = useState(params.get('q') ?? '');
  const deferred = useDeferredValue(search.trim());
  const [debounced, setDebounced] = useState(deferred);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(deferred), 250);
    return () => clearTimeout(timer);
  }, [deferred]);
  const list = useInfiniteQuery(attendeesQueryOptions(debounced, order));
  const attendees = list.data?.pages.flatMap((page) => page.attendees) ?? [];

  const setOrder = (next: AttendeeOrder) => {
    const updated = new URLSearchParams(params);
    if (next === 'newest') updated.set('order', 'newest');
    else updated.delete('order');
    setParams(updated, { replace: true });
  };

  return (
    <>
      <PageTitle
        back={{ to: '/dashboard', label: t('Back to Dashboard') }}
        title={t('Discover Attendees')}
        description={t('People at your events. Connect for +10 points, or request a meeting.')}
        actions={<DirectoryVisibilityToggle compact />}
      />
      <div className="mb-6">
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-center">
          <SearchInput
            aria-label={t('Search attendees')}
            placeholder={t('Search name, company, role, interests, goals')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <div role="group" aria-label={t('Order')} className="inline-flex h-10 w-full items-center gap-1 rounded-lg bg-muted p-1 sm:w-auto">
            {ORDERS.map(({ value, label }) => (
              <button
                key={value}
                type="button"
                aria-pressed={order === value}
                onClick={() => setOrder(value)}
                className={cn(
                  'inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors sm:flex-none',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  order === value ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
                )}
              >
                {value === 'recommended' && <Sparkles aria-hidden className="size-3.5" />}
                {t(label)}
              </button>
            ))}
          </div>
        </div>
      </div>

      {list.isPending ? (
        <div role="status" aria-label={t('Loading attendees')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((card) => (
            <Skeleton key={card} className="h-72 rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <EmptyState icon={ServerCrash} tone="danger" title={t('Could not load attendees')} action={<Button onClick={() => void list.refetch()}>{t('Try again')}</Button>}>
          {t(list.error.message, { ns: 'messages' })}
        </EmptyState>
      ) : attendees.length === 0 ? (
        <EmptyState icon={Users} title={debounced ? t(NETWORKING_MESSAGES.emptySearch, { ns: 'messages' }) : t('No attendees yet')}>
          {debounced ? t('Try another name, company or interest.') : t(NETWORKING_MESSAGES.emptyDirectory, { ns: 'messages' })}
        </EmptyState>
      ) : (
        <>
          <ul aria-label={t('Attendees')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {attendees.map((attendee) => (
              <li key={attendee.id}>
                <AttendeeCard attendee={attendee} />
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {t('Show more attendees')}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}
