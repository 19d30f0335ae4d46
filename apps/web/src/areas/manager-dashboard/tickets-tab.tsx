import type { TicketPriority, TicketStatus, TicketType } from '@mingle/shared/core/constants';
import type { TicketDto } from '@mingle/shared/support/contract';
import { canApplyTicketAction, TICKET_STATUS_UPDATED_MESSAGE } from '@mingle/shared/support/inputs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CheckCircle2, LifeBuoy, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ListSkeleton, LoadError, MoreButton } from '@/components/list-parts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime } from '@/lib/datetime';
import { ticketsQueryOptions, useTicketAction } from './api';

const STATUS_VARIANTS: Record<TicketStatus, BadgeProps['variant']> = { open: 'default', in_progress: 'warning', resolved: 'success', closed: 'secondary' };
const STATUS_LABELS = { open: 'Open', in_progress: 'In Progress', resolved: 'Resolved', closed: 'Closed' } as const satisfies Record<TicketStatus, string>;
const PRIORITY: Record<TicketPriority, BadgeProps['variant']> = { low: 'secondary', medium: 'outline', high: 'warning', urgent: 'destructive' };
// The raw values with underscores as spaces and a capital first letter, as the spec shows them ("Feature request").
const PRIORITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' } as const satisfies Record<TicketPriority, string>;
const TYPE_LABELS = {
  support: 'Support',
  bug: 'Bug',
  feedback_to_developers: 'Feedback to developers',
  feature_request: 'Feature request',
  incident: 'Incident',
  feedback: 'Feedback',
} as const satisfies Record<TicketType, string>;

/**
 * Tickets (spec 02 "Event Manager Dashboard"): each with Start (only when open) and Resolve (unless resolved or
 * closed); the tickets of the people of the manager's events (decision 0062).
 */
export function TicketsTab() {
  const { t } = useTranslation('manager-dashboard');
  const query = useInfiniteQuery(ticketsQueryOptions);
  const action = useTicketAction();
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState icon={LifeBuoy} title={t('No support tickets')}>
        {t('Tickets filed by the people of your events appear here.')}
      </EmptyState>
    );
  }

  const apply = (ticket: TicketDto, kind: 'start' | 'resolve') =>
    action.mutate(
      { ticketId: ticket.id, action: kind },
      {
        onSuccess: () => toast.success(t(TICKET_STATUS_UPDATED_MESSAGE, { ns: 'messages' })),
        onError: (error) => toast.error(t('Failed to update ticket: {{message}}', { message: t(error.message, { ns: 'messages' }) })),
      },
    );

  return (
    <>
      <ul className="grid gap-3">
        {items.map((ticket) => {
          const busy = action.isPending && action.variables.ticketId === ticket.id;
          return (
            <li key={ticket.id} className="grid gap-3 rounded-xl border border-border bg-card p-4" aria-label={ticket.subject}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold">{ticket.subject}</p>
                  <p className="text-sm text-muted-foreground">
                    {ticket.userFullName} · {ticket.userEmail} · {formatDateTime(ticket.createdAt)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  <Badge variant={STATUS_VARIANTS[ticket.status]}>{t(STATUS_LABELS[ticket.status])}</Badge>
                  <Badge variant={PRIORITY[ticket.priority]}>{t(PRIORITY_LABELS[ticket.priority])}</Badge>
                  <Badge variant="secondary">{t(TYPE_LABELS[ticket.ticketType])}</Badge>
                </div>
              </div>
              <p className="line-clamp-3 text-sm text-pretty">{ticket.description}</p>
              <div className="flex flex-wrap items-center gap-2">
                <Button size="sm" variant="outline" disabled={busy || !canApplyTicketAction('start', ticket.status)} onClick={() => apply(ticket, 'start')}>
                  <Play aria-hidden />
                  {t('Start')}
                </Button>
                <Button size="sm" variant="outline" disabled={busy || !canApplyTicketAction('resolve', ticket.status)} onClick={() => apply(ticket, 'resolve')}>
                  <CheckCircle2 aria-hidden />
                  {t('Resolve')}
                </Button>
                <span className="text-xs text-muted-foreground">{t('Updated {{when}}', { when: formatDateTime(ticket.updatedAt) })}</span>
              </div>
            </li>
          );
        })}
      </ul>
      <MoreButton query={query} />
    </>
  );
}
