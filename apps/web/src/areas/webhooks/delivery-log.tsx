import type { WebhookDeliveryDto } from '@mingle/shared/webhooks/contract';
import { WEBHOOK_EVENT_LABELS, type WebhookEventType } from '@mingle/shared/webhooks/events';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, RotateCw, Send, XCircle } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/datetime';
import { useResendDelivery, webhookDeliveriesQueryOptions } from './api';

/** While a delivery waits, the log asks again this often (the queue works in the background). */
export const PENDING_POLL_MS = 2_000;

const STATUS = {
  delivered: { variant: 'success', icon: CheckCircle2 },
  pending: { variant: 'warning', icon: Clock },
  failed: { variant: 'destructive', icon: XCircle },
} as const;
const STATUS_LABELS = { delivered: 'Delivered', pending: 'Pending', failed: 'Failed' } as const;


/** One endpoint's deliveries, newest first: status, tries, the last answer's code and time, and a resend. */
export function DeliveryLog({ eventId, endpointId, canResend }: { eventId: string; endpointId: string; canResend: boolean }) {
  const { t } = useTranslation('webhooks');
  // A ping is this page's own word; the event types' labels are the shared ones.
  const typeLabel = (type: WebhookDeliveryDto['type']) =>
    type === 'ping' ? t('Test ping') : t(WEBHOOK_EVENT_LABELS[type as WebhookEventType], { ns: 'messages' });
  const deliveries = useInfiniteQuery({
    ...webhookDeliveriesQueryOptions(eventId, endpointId),
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'pending')) ? PENDING_POLL_MS : false),
  });
  const resend = useResendDelivery(eventId, endpointId);
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];

  if (deliveries.isPending) return <Skeleton className="h-24 rounded-lg" />;
  if (deliveries.isError) return <p className="text-sm text-destructive">{t('Failed to load the deliveries.')}</p>;
  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed border-border px-4 py-6 text-sm text-muted-foreground">
        <Send className="size-4" aria-hidden />
        {t('No deliveries yet. Send a test ping to try the endpoint.')}
      </p>
    );
  }

  const onResend = (delivery: WebhookDeliveryDto) =>
    resend.mutate(delivery.id, {
      onSuccess: () => toast.success(t('Delivery queued again'), { description: t('Same webhook-id: {{id}}', { id: delivery.webhookId }) }),
      onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
    });

  return (
    <div className="grid gap-3">
      <ul className="divide-y divide-border overflow-hidden rounded-lg border border-border" aria-label={t('Deliveries')}>
        {items.map((delivery) => {
          const status = STATUS[delivery.status];
          return (
            <li key={delivery.id} className="grid gap-2 bg-card px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Badge variant={status.variant}>
                  <status.icon aria-hidden />
                  {t(STATUS_LABELS[delivery.status])}
                </Badge>
                <span className="font-medium">{typeLabel(delivery.type)}</span>
                <span className="text-muted-foreground">{formatDateTime(delivery.createdAt)}</span>
                {canResend && delivery.status !== 'pending' && (
                  <Button variant="ghost" size="sm" className="ml-auto" onClick={() => onResend(delivery)} disabled={resend.isPending}>
                    <RotateCw aria-hidden />
                    {t('Resend')}
                  </Button>
                )}
              </div>
              <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">
                <div className="flex gap-1">
                  <dt>{t('Tries')}</dt>
                  <dd className="font-medium text-foreground tabular-nums">{delivery.attempts}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>{t('Response')}</dt>
                  <dd className="font-medium text-foreground tabular-nums">{delivery.lastStatusCode ?? '—'}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>{t('Time')}</dt>
                  <dd className="font-medium text-foreground tabular-nums">{delivery.lastDurationMs === null ? '—' : `${delivery.lastDurationMs} ms`}</dd>
                </div>
                {delivery.status === 'pending' && delivery.attempts > 0 && delivery.nextAttemptAt && (
                  <div className="flex gap-1">
                    <dt>{t('Next try')}</dt>
                    <dd className="font-medium text-foreground">{formatDateTime(delivery.nextAttemptAt)}</dd>
                  </div>
                )}
              </dl>
              {delivery.lastError && <p className="break-words rounded-md bg-destructive-soft px-3 py-2 font-mono text-xs text-[oklch(0.47_0.19_27)]">{delivery.lastError}</p>}
              <details className="text-xs">
                <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
                  <Trans t={t} values={{ id: delivery.webhookId }}>
                    Payload · <code>{'{{id}}'}</code>
                  </Trans>
                </summary>
                <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs">{JSON.stringify(delivery.payload, null, 2)}</pre>
              </details>
            </li>
          );
        })}
      </ul>
      {deliveries.hasNextPage && (
        <Button variant="outline" size="sm" className="justify-self-center" onClick={() => void deliveries.fetchNextPage()} loading={deliveries.isFetchingNextPage}>
          {t('Show older deliveries')}
        </Button>
      )}
    </div>
  );
}
