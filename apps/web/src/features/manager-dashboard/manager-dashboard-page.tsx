import { USER_TYPE_LABELS, type UserType } from '@mingle/shared/constants';
import {
  CO_OWNER_ABILITIES,
  promotedMessage,
  promoteFailedMessage,
  ALREADY_CO_OWNER_MESSAGE,
  type DirectoryUserDto,
  type EventVolunteerDto,
  type GoodieRecipientDto,
  type ManagedEventDto,
  type ManagerStatsDto,
  type Page,
} from '@mingle/shared/schemas/volunteers';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, CalendarPlus, ExternalLink, Gift, ListChecks, Palette, ServerCrash, ShieldCheck, UserCheck, Users } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AppPage, PageTitle } from '@/components/ui/app-header';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { RequireAuth } from '@/features/auth/require-auth';
import { ConfigureLandingDialog } from '@/features/events/configure-landing-dialog';
import { ManageOptionsDialog } from '@/features/options/manage-options-dialog';
import { api, ApiError } from '@/lib/api';
import { formatDateRange, formatDateTime } from '@/lib/datetime';

const keys = {
  overview: ['manager', 'overview'] as const,
  recipients: ['manager', 'goodie-recipients'] as const,
  volunteers: ['manager', 'volunteers'] as const,
  users: ['manager', 'users'] as const,
};
const noRetryOnClientError = (count: number, error: Error) => !(error instanceof ApiError && error.isClientError) && count < 2;
const numberFormat = new Intl.NumberFormat();

/** /event-manager-dashboard (spec 02 "Event Manager Dashboard"). */
export function ManagerDashboardPage() {
  useEffect(() => {
    document.title = 'Event Manager Dashboard · Mingle';
  }, []);
  return (
    <RequireAuth>
      <AppPage>
        <ManagerDashboard />
      </AppPage>
    </RequireAuth>
  );
}

function ManagerDashboard() {
  const navigate = useNavigate();
  const overview = useQuery({
    queryKey: keys.overview,
    queryFn: () => api.get<{ stats: ManagerStatsDto; events: ManagedEventDto[] }>('/api/manager/overview'),
    retry: noRetryOnClientError,
  });
  const denied = overview.error instanceof ApiError && overview.error.status === 403;
  useEffect(() => {
    if (!denied) return;
    toast.error('Access Denied', { description: "You don't have permission to access this page" });
    void navigate('/dashboard', { replace: true });
  }, [denied, navigate]);
  useEffect(() => {
    if (overview.isError && !denied) toast.error(`Failed to load data: ${overview.error.message}`);
  }, [overview.isError, overview.error, denied]);

  if (denied) return null;
  const stats = overview.data?.stats;
  const cards = [
    { label: 'Total Users', value: stats?.totalUsers, icon: Users },
    { label: 'Total Attendees', value: stats?.totalAttendees, icon: UserCheck },
    { label: 'Goodies Distributed', value: stats?.goodiesDistributed, icon: Gift },
    { label: 'My Events', value: stats?.myEvents, icon: CalendarDays },
  ];

  return (
    <>
      <PageTitle
        title="Event Manager Dashboard"
        description="Manage your events, volunteers and attendees"
        actions={
          <Link to="/events/create" className={buttonVariants()}>
            <CalendarPlus aria-hidden />
            Create Event
          </Link>
        }
      />
      <ul className="mb-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label}>
            <Card className="h-full">
              <CardContent className="flex items-start justify-between gap-2 pt-5">
                <div>
                  <p className="text-sm font-medium text-muted-foreground">{card.label}</p>
                  {card.value === undefined ? (
                    <Skeleton className="mt-2 h-8 w-16" />
                  ) : (
                    <p className="mt-1 text-3xl font-bold tabular-nums">{numberFormat.format(card.value)}</p>
                  )}
                </div>
                <card.icon className="size-5 text-brand-600" aria-hidden />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <Tabs defaultValue="events">
        <TabsList className="flex h-auto w-full flex-wrap justify-start sm:w-auto">
          <TabsTrigger value="events">My Events</TabsTrigger>
          <TabsTrigger value="attendees">Attendees</TabsTrigger>
          <TabsTrigger value="volunteers">Volunteers</TabsTrigger>
          <TabsTrigger value="users">All Users</TabsTrigger>
        </TabsList>
        <TabsContent value="events">
          {overview.isPending ? (
            <ListSkeleton />
          ) : overview.isError ? (
            <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
          ) : (
            <MyEvents events={overview.data.events} />
          )}
        </TabsContent>
        <TabsContent value="attendees">
          <Recipients />
        </TabsContent>
        <TabsContent value="volunteers">
          <Volunteers />
        </TabsContent>
        <TabsContent value="users">
          <AllUsers />
        </TabsContent>
      </Tabs>
    </>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="grid gap-3">
      <Skeleton className="h-20 rounded-xl" />
      <Skeleton className="h-20 rounded-xl" />
    </div>
  );
}

function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <EmptyState icon={ServerCrash} tone="danger" title="Failed to load data" action={<Button onClick={onRetry}>Try again</Button>}>
      {error.message}
    </EmptyState>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <li className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">{children}</li>;
}

function MyEvents({ events }: { events: ManagedEventDto[] }) {
  const [dialog, setDialog] = useState<{ kind: 'landing' | 'options'; event: ManagedEventDto } | null>(null);
  if (events.length === 0) {
    return (
      <EmptyState
        icon={CalendarDays}
        title="No events created yet"
        action={
          <Link to="/events/create" className={buttonVariants()}>
            Create Your First Event
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul className="grid gap-3">
        {events.map((event) => (
          <Row key={event.id}>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {event.name}
                {!event.isOwner && <Badge variant="secondary">Co-Owner</Badge>}
              </p>
              <p className="text-sm text-muted-foreground">{formatDateRange(event.startDate, event.endDate)}</p>
              <a href={`/event/${event.slug}`} className="inline-flex items-center gap-1 text-sm text-brand-700 underline-offset-4 hover:underline">
                /event/{event.slug}
                <ExternalLink className="size-3.5" aria-hidden />
              </a>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'options', event })}>
                <ListChecks aria-hidden />
                Manage Dropdowns
              </Button>
              <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'landing', event })}>
                <Palette aria-hidden />
                Configure Landing
              </Button>
            </div>
          </Row>
        ))}
      </ul>
      {dialog && (
        <ConfigureLandingDialog event={dialog.event} open={dialog.kind === 'landing'} onOpenChange={(open) => !open && setDialog(null)} />
      )}
      {dialog && <ManageOptionsDialog event={dialog.event} open={dialog.kind === 'options'} onOpenChange={(open) => !open && setDialog(null)} />}
    </>
  );
}

function usePaged<T>(key: readonly string[], path: string) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => api.get<Page<T>>(pageParam ? `${path}?cursor=${encodeURIComponent(pageParam)}` : path),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: noRetryOnClientError,
  });
}

function MoreButton({ query }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        Load more
      </Button>
    </div>
  );
}

function Recipients() {
  const query = usePaged<GoodieRecipientDto>(keys.recipients, '/api/manager/goodie-recipients');
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState icon={Gift} title="No goodies distributed yet" />;
  return (
    <>
      <ul className="grid gap-3">
        {items.map((item) => (
          <Row key={item.attendeeId}>
            <div className="min-w-0">
              <p className="font-semibold">{item.fullName}</p>
              <p className="text-sm text-muted-foreground">{item.eventName}</p>
            </div>
            <p className="text-sm text-muted-foreground">
              Received from {item.giverName ?? 'a former volunteer'} · {formatDateTime(item.receivedAt)}
            </p>
          </Row>
        ))}
      </ul>
      <MoreButton query={query} />
    </>
  );
}

function Volunteers() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: keys.volunteers,
    queryFn: () => api.get<{ volunteers: EventVolunteerDto[] }>('/api/manager/volunteers'),
    retry: noRetryOnClientError,
  });
  const [promoting, setPromoting] = useState<EventVolunteerDto | null>(null);
  const promote = useMutation({
    mutationFn: (volunteer: EventVolunteerDto) =>
      api.post<{ fullName: string }>(`/api/events/${volunteer.eventId}/co-owners`, { userId: volunteer.userId }),
    onSuccess: (result) => {
      toast.success(promotedMessage(result.fullName));
      setPromoting(null);
      void queryClient.invalidateQueries({ queryKey: keys.volunteers });
    },
    onError: (error) => {
      setPromoting(null);
      if (error instanceof ApiError && error.message === ALREADY_CO_OWNER_MESSAGE) toast.error(ALREADY_CO_OWNER_MESSAGE);
      else toast.error(promoteFailedMessage(error.message));
    },
  });

  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.volunteers.length === 0) return <EmptyState icon={Users} title="No volunteers yet" />;
  return (
    <>
      <ul className="grid gap-3">
        {query.data.volunteers.map((volunteer) => (
          <Row key={volunteer.id}>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {volunteer.fullName}
                {volunteer.isCoOwner && <Badge variant="success">Co-Owner</Badge>}
              </p>
              <p className="text-sm text-muted-foreground">{volunteer.eventName}</p>
              <p className="text-sm tabular-nums">
                {volunteer.distributedGoodies} / {volunteer.allocatedGoodies} goodies distributed
              </p>
            </div>
            {!volunteer.isCoOwner && (
              <Button variant="outline" size="sm" onClick={() => setPromoting(volunteer)}>
                <ShieldCheck aria-hidden />
                Promote to Co-Owner
              </Button>
            )}
          </Row>
        ))}
      </ul>
      <AlertDialog open={promoting !== null} onOpenChange={(open) => !open && !promote.isPending && setPromoting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Promote to Event Co-Owner?</AlertDialogTitle>
            <AlertDialogDescription>
              {promoting?.fullName} will be able to do the following for {promoting?.eventName}:
            </AlertDialogDescription>
          </AlertDialogHeader>
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            {CO_OWNER_ABILITIES.map((ability) => (
              <li key={ability}>{ability}</li>
            ))}
          </ul>
          <p className="rounded-lg bg-subtle px-3 py-2 text-sm text-muted-foreground">
            A co-owner cannot delete the event (only the Event Owner can).
          </p>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={promote.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              disabled={promote.isPending}
              className={buttonVariants()}
              onClick={(event) => {
                event.preventDefault();
                if (promoting) promote.mutate(promoting);
              }}
            >
              Promote to Co-Owner
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function AllUsers() {
  const query = usePaged<DirectoryUserDto>(keys.users, '/api/manager/users');
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState icon={Users} title="No users yet" />;
  return (
    <>
      <ul className="grid gap-3">
        {items.map((user) => (
          <Row key={user.id}>
            <div className="min-w-0">
              <p className="font-semibold">{user.fullName}</p>
              {user.companyOrInstitution && <p className="text-sm text-muted-foreground">{user.companyOrInstitution}</p>}
            </div>
            <Badge variant="secondary">{user.userType ? (USER_TYPE_LABELS[user.userType as UserType] ?? user.userType) : 'Not set'}</Badge>
          </Row>
        ))}
      </ul>
      <MoreButton query={query} />
    </>
  );
}
