import { adminEndpoints } from '@mingle/shared/admin/endpoints';
import type { TicketPriority, TicketStatus } from '@mingle/shared/core/constants';
import {
  canApplyTicketAction,
  TICKET_STATUS_UPDATED_MESSAGE,
  ticketUpdateFailedMessage,
  type TicketAction,
} from '@mingle/shared/support/inputs';
import type { TicketDto } from '@mingle/shared/support/contract';
import type { Page } from '@mingle/shared/core/pagination';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Activity, CalendarDays, CalendarPlus, Gift, LifeBuoy, ListChecks, Settings2, UserCog, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ListSkeleton, LoadError, MoreButton, Row } from '@/components/list-parts';
import { StatCards, type StatCard } from '@/components/stat-cards';
import { PageTitle } from '@/components/ui/page-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ManageOptionsDialog } from '@/areas/options';
import { formatDateRange, formatDateTime } from '@/lib/datetime';
import { formattingLocale } from '@/lib/i18n';
import { translateMessage } from '@/lib/messages';
import { noRetryOnClientError, pagedQueryOptions } from '@/lib/paged-query';
import { useDashboardAccess } from '@/lib/use-dashboard-access';
import { applyTicketAction, fetchAdminStats } from './api';
import { ContactSubmissionsTab } from './contact-submissions-tab';
import { QueueHealthCard } from './queue-health-card';
import { UsersTab } from './users-tab';
import { useTranslation } from 'react-i18next';

const keys = {
  stats: ['admin', 'stats'] as const,
  events: ['admin', 'events'] as const,
  tickets: ['admin', 'tickets'] as const,
};
const STATUS_LABELS = { open: 'Open', in_progress: 'In Progress', resolved: 'Resolved', closed: 'Closed' } as const satisfies Record<TicketStatus, string>;
// Each action with its button's text and its name for a screen reader (which ticket it acts on).
const TICKET_ACTIONS = [
  { action: 'start', label: 'Start', ariaLabel: 'Start {{subject}}' },
  { action: 'resolve', label: 'Resolve', ariaLabel: 'Resolve {{subject}}' },
  { action: 'close', label: 'Close', ariaLabel: 'Close {{subject}}' },
] as const;
const PRIORITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' } as const satisfies Record<TicketPriority, string>;
const STATUS_VARIANT: Record<TicketStatus, 'default' | 'warning' | 'success' | 'secondary'> = {
  open: 'default',
  in_progress: 'warning',
  resolved: 'success',
  closed: 'secondary',
};
const PRIORITY_VARIANT: Record<TicketPriority, 'secondary' | 'default' | 'warning' | 'destructive'> = {
  low: 'secondary',
  medium: 'default',
  high: 'warning',
  urgent: 'destructive',
};

/** /super-admin-dashboard (spec 02 "Super Admin Dashboard"): super_admin only. */
export function SuperAdminDashboardPage() {
  return <SuperAdminDashboard />;
}

function SuperAdminDashboard() {
  const { t } = useTranslation('admin');
  const [options, setOptions] = useState(false);
  const stats = useQuery({ queryKey: keys.stats, queryFn: ({ signal }) => fetchAdminStats(signal), retry: noRetryOnClientError });
  const denied = useDashboardAccess(stats);
  if (denied) return null;

  const s = stats.data;
  const numberFormat = new Intl.NumberFormat(formattingLocale());
  const cards: StatCard[] = [
    { label: t('Total Users'), value: s && numberFormat.format(s.totalUsers), icon: Users },
    { label: t('Total Events'), value: s && numberFormat.format(s.totalEvents), note: s && t('{{count}} active', { count: s.activeEvents }), icon: CalendarDays },
    { label: t('Total Volunteers'), value: s && numberFormat.format(s.totalVolunteers), icon: UserCog },
    { label: t('Goodies Distributed'), value: s && numberFormat.format(s.goodiesDistributed), icon: Gift },
    { label: t('Open Tickets'), value: s && numberFormat.format(s.openTickets), icon: LifeBuoy },
    {
      label: t('Platform Health'),
      value: s && t(s.health.status, { ns: 'messages' }),
      note: s && t('Database {{ms}} ms', { ms: s.health.databaseMs }),
      icon: Activity,
      tone: s?.health.status === 'Degraded' ? 'danger' : undefined,
    },
  ];

  return (
    <>
      <PageTitle
        title={t('Super Admin Dashboard')}
        description={t('Oversee users, events, volunteers, goodies and support tickets')}
        actions={
          <>
            <Link to="/events/create" className={buttonVariants()}>
              <CalendarPlus aria-hidden />
              {t('Create Event')}
            </Link>
            <Link to="/dashboard" className={buttonVariants({ variant: 'outline' })}>
              <CalendarDays aria-hidden />
              {t('Events')}
            </Link>
          </>
        }
      />
      <StatCards cards={cards} className="mb-4 lg:grid-cols-3" />
      <QueueHealthCard />
      <Card className="mb-8">
        <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="font-semibold">{t('Global Configuration')}</h2>
            <p className="text-sm text-muted-foreground">{t('Professional interests and networking goals offered on every event')}</p>
          </div>
          <Button variant="outline" onClick={() => setOptions(true)}>
            <Settings2 aria-hidden />
            {t('Manage Options')}
          </Button>
        </CardContent>
      </Card>
      <ManageOptionsDialog open={options} onOpenChange={setOptions} event={null} />
      <Tabs defaultValue="users">
        {/* Four tabs fit a 390 px phone only with narrower padding. */}
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="users" className="flex-1 px-2 sm:flex-none sm:px-3.5">{t('Users')}</TabsTrigger>
          <TabsTrigger value="events" className="flex-1 px-2 sm:flex-none sm:px-3.5">{t('Events')}</TabsTrigger>
          <TabsTrigger value="tickets" className="flex-1 px-2 sm:flex-none sm:px-3.5">{t('Support Tickets')}</TabsTrigger>
          <TabsTrigger value="contact" className="flex-1 px-2 sm:flex-none sm:px-3.5">{t('Contact')}</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="events">
          <EventsTab />
        </TabsContent>
        <TabsContent value="tickets">
          <TicketsTab />
        </TabsContent>
        <TabsContent value="contact">
          <ContactSubmissionsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}

function usePaged<T>(key: readonly string[], endpoint: Parameters<typeof pagedQueryOptions<T>>[1]) {
  return useInfiniteQuery(pagedQueryOptions(key, endpoint));
}

function Paged<T>({ query, empty, render }: { query: ReturnType<typeof usePaged<T>>; empty: string; render: (item: T) => ReactNode }) {
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState icon={ListChecks} title={empty} />;
  return (
    <>
      <ul className="grid grid-cols-1 gap-3">{items.map(render)}</ul>
      <MoreButton query={query} />
    </>
  );
}

function EventsTab() {
  const { t } = useTranslation('admin');
  const query = usePaged(keys.events, adminEndpoints.events);
  return (
    <Paged
      query={query}
      empty={t('No events yet')}
      render={(event) => (
        <Row key={event.id}>
          <div className="min-w-0">
            <p className="font-semibold">{event.name}</p>
            <p className="text-sm text-muted-foreground">
              {formatDateRange(event.startDate, event.endDate, event.timezone)} · {t('{{count}} attendees', { count: event.attendees })}
              {event.ownerName ? ` · ${event.ownerName}` : ''}
            </p>
          </div>
          <Link to={`/events/${event.id}/agenda`} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={t('Configure {{event}}', { event: event.name })}>
            <Settings2 aria-hidden />
            {t('Configure')}
          </Link>
        </Row>
      )}
    />
  );
}

function TicketsTab() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const query = usePaged(keys.tickets, adminEndpoints.tickets);
  const update = useMutation({
    mutationFn: ({ ticket, action }: { ticket: TicketDto; action: TicketAction }) =>
      applyTicketAction(ticket.id, action),
    onSuccess: (saved) => {
      toast.success(t(TICKET_STATUS_UPDATED_MESSAGE, { ns: 'messages' }));
      queryClient.setQueryData<InfiniteData<Page<TicketDto>>>(keys.tickets, (data) =>
        data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((item) => (item.id === saved.id ? saved : item)) })) },
      );
      void queryClient.invalidateQueries({ queryKey: keys.stats });
    },
    onError: (error) => toast.error(translateMessage(ticketUpdateFailedMessage(error.message))),
  });
  const busy = (ticket: TicketDto) => update.isPending && update.variables?.ticket.id === ticket.id;
  return (
    <Paged
      query={query}
      empty={t('No support tickets')}
      render={(ticket) => (
        <li key={ticket.id} className="min-w-0 rounded-xl border border-border bg-card p-4">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold">{ticket.subject}</p>
            <Badge variant={STATUS_VARIANT[ticket.status]}>{t(STATUS_LABELS[ticket.status])}</Badge>
            <Badge variant={PRIORITY_VARIANT[ticket.priority]}>{t(PRIORITY_LABELS[ticket.priority])}</Badge>
          </div>
          <p className="mt-1 line-clamp-2 text-sm">{ticket.description}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {ticket.userFullName} · {ticket.userEmail} · {formatDateTime(ticket.createdAt)}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {TICKET_ACTIONS.map((item) => (
              <Button
                key={item.action}
                size="sm"
                variant={item.action === 'close' ? 'outline' : 'default'}
                disabled={!canApplyTicketAction(item.action, ticket.status) || busy(ticket)}
                onClick={() => update.mutate({ ticket, action: item.action })}
                aria-label={t(item.ariaLabel, { subject: ticket.subject })}
              >
                {t(item.label)}
              </Button>
            ))}
          </div>
        </li>
      )}
    />
  );
}
