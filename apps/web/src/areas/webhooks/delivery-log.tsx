import type { WebhookDeliveryDto } from '@mingle/shared/webhooks/contract';
import { WEBHOOK_EVENT_LABELS, type WebhookEventType } from '@mingle/shared/webhooks/events';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, RotateCw, Send, XCircle } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/datetime';
import { useResendDelivery, webhookDeliveriesQueryOptions } from './api';

/** While a delivery waits, the log asks again this often (the queue works in the background). */
export const PENDING_POLL_MS = 2_000;

const STATUS = {
  delivered: { label: 'Delivered', variant: 'success', icon: CheckCircle2 },
  pending: { label: 'Pending', variant: 'warning', icon: Clock },
  failed: { label: 'Failed', variant: 'destructive', icon: XCircle },
} as const;

const typeLabel = (type: WebhookDeliveryDto['type']) => (type === 'ping' ? 'Test ping' : WEBHOOK_EVENT_LABELS[type as WebhookEventType]);

/** One endpoint's deliveries, newest first: status, tries, the last answer's code and time, and a resend. */
export function DeliveryLog({ eventId, endpointId, canResend }: { eventId: string; endpointId: string; canResend: boolean }) {
  const deliveries = useInfiniteQuery({
    ...webhookDeliveriesQueryOptions(eventId, endpointId),
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'pending')) ? PENDING_POLL_MS : false),
  });
  const resend = useResendDelivery(eventId, endpointId);
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];

  if (deliveries.isPending) return <Skeleton className="h-24 rounded-lg" />;
  if (deliveries.isError) return <p className="text-sm text-destructive">Failed to load the deliveries.</p>;
  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed border-border px-4 py-6 text-sm text-muted-foreground">
        <Send className="size-4" aria-hidden />
        No deliveries yet. Send a test ping to try the endpoint.
      </p>
    );
  }

  const onResend = (delivery: WebhookDeliveryDto) =>
    resend.mutate(delivery.id, {
      onSuccess: () => toast.success('Delivery queued again', { description: `Same webhook-id: ${delivery.webhookId}` }),
      onError: (error) => toast.error('Error', { description: error.message }),
    });

  return (
    <div className="grid gap-3">
      <ul className="divide-y divide-border overflow-hidden rounded-lg border border-border" aria-label="Deliveries">
        {items.map((delivery) => {
          const status = STATUS[delivery.status];
          return (
            <li key={delivery.id} className="grid gap-2 bg-card px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Badge variant={status.variant}>
                  <status.icon aria-hidden />
                  {status.label}
                </Badge>
                <span className="font-medium">{typeLabel(delivery.type)}</span>
                <span className="text-muted-foreground">{formatDateTime(delivery.createdAt)}</span>
                {canResend && delivery.status !== 'pending' && (
                  <Button variant="ghost" size="sm" className="ml-auto" onClick={() => onResend(delivery)} disabled={resend.isPending}>
                    <RotateCw aria-hidden />
                    Resend
                  </Button>
                )}
              </div>
              <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">
                <div className="flex gap-1">
                  <dt>Tries</dt>
                  <dd className="font-medium text-foreground tabular-nums">{delivery.attempts}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Response</dt>
                  <dd className="font-medium text-foreground tabular-nums">{delivery.lastStatusCode ?? '—'}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Time</dt>
                  <dd className="font-medium text-foreground tabular-nums">{delivery.lastDurationMs === null ? '—' : `${delivery.lastDurationMs} ms`}</dd>
                </div>
                {delivery.status === 'pending' && delivery.attempts > 0 && delivery.nextAttemptAt && (
                  <div className="flex gap-1">
                    <dt>Next try</dt>
                    <dd className="font-medium text-foreground">{formatDateTime(delivery.nextAttemptAt)}</dd>
                  </div>
                )}
              </dl>
              {delivery.lastError && <p className="break-words rounded-md bg-destructive-soft px-3 py-2 font-mono text-xs text-[oklch(0.47_0.19_27)]">{delivery.lastError}</p>}
              <details className="text-xs">
                <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
                  Payload · <code>{delivery.webhookId}</code>
                </summary>
                <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs">{JSON.stringify(delivery.payload, null, 2)}</pre>
              </details>
            </li>
          );
        })}
      </ul>
      {deliveries.hasNextPage && (
        <Button variant="outline" size="sm" className="justify-self-center" onClick={() => void deliveries.fetchNextPage()} loading={deliveries.isFetchingNextPage}>
          Show older deliveries
        </Button>
      )}
    </div>
  );
}
