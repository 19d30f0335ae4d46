import type { EventWithViewer } from '@mingle/shared/events/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CalendarPlus, CalendarRange, CalendarX2, MapPin, ServerCrash, Sparkles, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { IconText } from '@/components/ui/icon-text';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { eventTypeText, eventListQueryOptions, eventQueryOptions } from '@/areas/events';
import { MyGoodiesCard } from '@/areas/volunteers';
import { MyInvitationsCard } from '@/areas/invitations';
import { SupportTicketDialog } from '@/areas/support';
import { formatDateRange } from '@/lib/datetime';
import { EventCard } from './event-card';

const TABS = ['all', 'mine', 'discover'] as const;
type Tab = (typeof TABS)[number];

/** /dashboard (spec 01 "Dashboard"): All Events, My Events and Discover Attendees. */
export function DashboardPage() {
  return <Dashboard />;
}

function Dashboard() {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'all';
  const setTab = (next: string) => setParams(next === 'all' ? {} : { tab: next }, { replace: true });

  return (
    <>
      <PageTitle
        title={t('Dashboard')}
        description={t('Manage your events and connections')}
        actions={
          <>
            <SupportTicketDialog />
            <Link to="/events/create" className={buttonVariants()}>
              <CalendarPlus aria-hidden />
              {t('Create Event')}
            </Link>
          </>
        }
      />
      <MyInvitationsCard />
      <MyGoodiesCard />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="all" className="flex-1 px-2.5 sm:flex-none sm:px-3.5">
            {t('All Events')}
          </TabsTrigger>
          <TabsTrigger value="mine" className="flex-1 px-2.5 sm:flex-none sm:px-3.5">
            {t('My Events')}
          </TabsTrigger>
          <TabsTrigger value="discover" className="flex-1 px-2.5 sm:flex-none sm:px-3.5">
            {t('Discover Attendees')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="all">
          <AllEvents />
        </TabsContent>
        <TabsContent value="mine">
          <MyEvents onBrowse={() => setTab('all')} />
        </TabsContent>
        <TabsContent value="discover">
          <DiscoverAttendees />
        </TabsContent>
      </Tabs>
    </>
  );
}

function useEventList(scope: 'all' | 'registered') {
  const query = useInfiniteQuery(eventListQueryOptions(scope));
  const events: EventWithViewer[] = query.data?.pages.flatMap((page) => page.events) ?? [];
  return { ...query, events };
}

function LoadMore({ query }: { query: ReturnType<typeof useEventList> }) {
  const { t } = useTranslation('dashboard');
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
        {t('Load more events')}
      </Button>
    </div>
  );
}

function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState
      icon={ServerCrash}
      tone="danger"
      title={t("Couldn't load events")}
      action={
        <Button variant="outline" onClick={onRetry}>
          {t('Try again')}
        </Button>
      }
    >
      {message}
    </EmptyState>
  );
}

function CardsSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <div role="status" aria-label={t('Loading events')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((card) => (
        <div key={card} className="grid gap-3 rounded-xl border border-border bg-card p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * The event the organizer has just created (the create page names it in the navigation state): the list is by start
 * date, a page at a time, so an event far ahead would be pages down. Its card comes first, marked, until the pages
 * loaded reach it.
 */
function useJustCreated(events: EventWithViewer[]): { event: EventWithViewer | undefined; id: string | undefined } {
  const state: unknown = useLocation().state;
  const id = typeof state === 'object' && state !== null && 'createdEventId' in state && typeof state.createdEventId === 'string' ? state.createdEventId : undefined;
  const listed = id !== undefined && events.some((event) => event.id === id);
  const created = useQuery({ ...eventQueryOptions(id ?? ''), enabled: id !== undefined && !listed });
  return { event: listed ? undefined : created.data, id };
}

function AllEvents() {
  const { t } = useTranslation('dashboard');
  const query = useEventList('all');
  const justCreated = useJustCreated(query.events);
  if (query.isPending) return <CardsSkeleton />;
  if (query.isError) return <ListError message={query.error.message} onRetry={() => void query.refetch()} />;
  if (query.events.length === 0) {
    return (
      <EmptyState
        icon={CalendarX2}
        title={t('No events available yet')}
        action={
          <Link to="/events/create" className={buttonVariants()}>
            <CalendarPlus aria-hidden />
            {t('Create Event')}
          </Link>
        }
      >
        {t('Events you organize, are invited to or can register for appear here.')}
      </EmptyState>
    );
  }
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {justCreated.event && <EventCard key={justCreated.event.id} event={justCreated.event} justCreated />}
        {query.events.map((event) => (
          <EventCard key={event.id} event={event} justCreated={event.id === justCreated.id} />
        ))}
      </div>
      <LoadMore query={query} />
    </>
  );
}

function MyEvents({ onBrowse }: { onBrowse: () => void }) {
  const { t } = useTranslation('dashboard');
  const query = useEventList('registered');
  if (query.isPending) return <CardsSkeleton />;
  if (query.isError) return <ListError message={query.error.message} onRetry={() => void query.refetch()} />;
  if (query.events.length === 0) {
    return (
      <EmptyState icon={CalendarRange} title={t("You haven't registered for any events yet")} action={<Button onClick={onBrowse}>{t('Browse Events')}</Button>}>
        {t('Register for an open event, or accept an invitation from an organizer.')}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid gap-3">
        {query.events.map((event) => (
          <li key={event.id} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-xs sm:flex-row sm:items-center sm:gap-5 sm:p-5">
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">{event.name}</h3>
                <Badge variant="secondary" className="capitalize">
                  {eventTypeText(event.eventType)}
                </Badge>
              </div>
              <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                <IconText icon={CalendarRange}>{formatDateRange(event.startDate, event.endDate, event.timezone)}</IconText>
                {event.location && <IconText icon={MapPin}>{event.location}</IconText>}
              </p>
            </div>
            <Link to={`/events/${event.id}/agenda`} className={buttonVariants({ className: 'sm:w-auto' })}>
              {t('View Agenda')}
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore query={query} />
    </>
  );
}

function DiscoverAttendees() {
  const { t } = useTranslation('dashboard');
  return (
    <div className="relative isolate overflow-hidden rounded-2xl border border-border bg-card px-6 py-12 text-center shadow-xs sm:px-12">
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_70%_80%_at_50%_0%,var(--color-brand-50),transparent)]" />
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <Users aria-hidden className="size-6" />
      </div>
      <h2 className="text-xl font-semibold tracking-tight">{t('Discover Attendees')}</h2>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground">
        {t('Find people at your events who share your interests and goals, connect, and request a meeting.')}
      </p>
      <Link to="/attendees" className={buttonVariants({ size: 'lg', className: 'mt-6' })}>
        <Sparkles aria-hidden />
        {t('Browse Attendees')}
      </Link>
    </div>
  );
}
