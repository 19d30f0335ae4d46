import type { WebhookEndpointDto } from '@mingle/shared/webhooks/contract';
import { WEBHOOK_EVENT_LABELS } from '@mingle/shared/webhooks/events';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ChevronDown, Copy, Eye, EyeOff, KeyRound, Pencil, Plus, Power, RefreshCw, Send, Trash2, Webhook } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { eventQueryOptions } from '@/areas/events';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageTitle } from '@/components/ui/page-title';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/datetime';
import { useManageAccess } from '@/lib/use-manage-access';
import { useDeleteWebhook, useRotateSecret, useSendPing, useUpdateWebhook, webhookEndpointsQueryOptions, webhookSecretQueryOptions } from './api';
import { DeliveryLog, PENDING_POLL_MS } from './delivery-log';
import { EndpointDialog } from './endpoint-dialog';

/** /events/:eventId/webhooks: the event's webhook endpoints, their secrets and delivery logs (organizers). */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const { eventId = '' } = useParams();
  const event = useQuery(eventQueryOptions(eventId));
  const endpoints = useQuery({
    ...webhookEndpointsQueryOptions(eventId),
    // An endpoint's status line follows its latest delivery while that one is still on its way.
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.lastDelivery?.status === 'pending') ? PENDING_POLL_MS : false),
  });
  const denied = useManageAccess(endpoints.error ?? event.error, event.data ? !event.data.viewer.canManage : false);
  const [editing, setEditing] = useState<WebhookEndpointDto | 'new' | null>(null);
  useEffect(() => {
    document.title = event.data ? `${t('Webhooks')} · ${event.data.name} · Mingle` : `${t('Webhooks')} · Mingle`;
  }, [event.data, t]);
  if (denied) return null;

  const list = endpoints.data;
  const full = list ? list.items.length >= list.max : true;
  return (
    <>
      <PageTitle
        back={{ to: '/dashboard', label: t('Back to Dashboard') }}
        title={t('Webhooks')}
        description={event.data ? event.data.name : <Skeleton className="h-5 w-48" />}
        actions={
          list &&
          list.items.length > 0 && (
            <Button onClick={() => setEditing('new')} disabled={full} title={full ? t('At most {{max}} endpoints', { max: list.max }) : undefined}>
              <Plus aria-hidden />
              {t('Add endpoint')}
            </Button>
          )
        }
      />
      <p className="mb-6 max-w-3xl text-sm text-muted-foreground">
        <Trans t={t}>
          Tell your other systems (a CRM, a badge printer, a ticketing tool) what happens at this event. Each delivery is a JSON POST signed in the
          Standard Webhooks format (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>), retried for a few hours
          when your endpoint fails, and sent in order.
        </Trans>
      </p>
      {!list ? (
        <div className="grid gap-4">
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      ) : list.items.length === 0 ? (
        <EmptyState
          icon={Webhook}
          title={t('No webhook endpoints yet')}
          action={
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              {t('Add endpoint')}
            </Button>
          }
        >
          {t('Add the URL of a system that should hear about registrations, check-ins, leads and more.')}
        </EmptyState>
      ) : (
        <div className="grid gap-5">
          {list.items.map((endpoint) => (
            <EndpointCard key={endpoint.id} eventId={eventId} endpoint={endpoint} onEdit={() => setEditing(endpoint)} />
          ))}
        </div>
      )}
      <EndpointDialog eventId={eventId} endpoint={editing === 'new' ? null : editing} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
    </>
  );
}

const LAST_OUTCOME = { delivered: 'delivered', pending: 'on its way', failed: 'failed' } as const;

function StatusBadge({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const { t } = useTranslation('webhooks');
  if (endpoint.enabled) return <Badge variant="success">{t('Enabled')}</Badge>;
  if (endpoint.disabledReason === 'failing') return <Badge variant="destructive">{t('Disabled: failing')}</Badge>;
  return <Badge variant="secondary">{t('Disabled')}</Badge>;
}

function EndpointCard({ eventId, endpoint, onEdit }: { eventId: string; endpoint: WebhookEndpointDto; onEdit: () => void }) {
  const { t } = useTranslation('webhooks');
  const update = useUpdateWebhook(eventId);
  const remove = useDeleteWebhook(eventId);
  const ping = useSendPing(eventId);
  const [confirm, setConfirm] = useState<'delete' | 'disable' | null>(null);
  const [showLog, setShowLog] = useState(true);

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { endpointId: endpoint.id, input: { enabled } },
      {
        onSuccess: () => {
          setConfirm(null);
          toast.success(enabled ? t('Endpoint enabled') : t('Endpoint disabled'), {
            description: enabled ? t('Deliveries that waited go out now, in order.') : t('Nothing is sent to it until you enable it again.'),
          });
        },
        onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
      },
    );
  const sendPing = () =>
    ping.mutate(endpoint.id, {
      onSuccess: () => {
        setShowLog(true);
        toast.success(t('Test ping sent'), { description: t('Its delivery shows in the log below.') });
      },
      onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
    });

  return (
    <Card className={cn(!endpoint.enabled && endpoint.disabledReason === 'failing' && 'border-destructive/40')}>
      <CardContent className="grid gap-5 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge endpoint={endpoint} />
              {endpoint.description && <span className="text-sm font-medium">{endpoint.description}</span>}
            </div>
            <p className="break-all font-mono text-sm">{endpoint.url}</p>
            <p className="text-xs text-muted-foreground">
              {endpoint.lastDelivery
                ? t('Last delivery: {{outcome}}, {{when}}{{code}}', {
                    outcome: t(LAST_OUTCOME[endpoint.lastDelivery.status]),
                    when: formatDateTime(endpoint.lastDelivery.at),
                    code: endpoint.lastDelivery.statusCode ? ` (HTTP ${endpoint.lastDelivery.statusCode})` : '',
                  })
                : t('No deliveries yet')}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {endpoint.enabled ? (
              <Button variant="outline" size="sm" onClick={sendPing} loading={ping.isPending}>
                {!ping.isPending && <Send aria-hidden />}
                {t('Send test ping')}
              </Button>
            ) : (
              <Button size="sm" onClick={() => setEnabled(true)} loading={update.isPending}>
                {!update.isPending && <Power aria-hidden />}
                {t('Enable')}
              </Button>
            )}
            <Button variant="outline" size="sm" onClick={onEdit}>
              <Pencil aria-hidden />
              {t('Edit')}
            </Button>
            {endpoint.enabled && (
              <Button variant="ghost" size="sm" onClick={() => setConfirm('disable')}>
                <Power aria-hidden />
                {t('Disable')}
              </Button>
            )}
            <Button variant="ghost" size="icon-sm" aria-label={t('Delete {{url}}', { url: endpoint.url })} onClick={() => setConfirm('delete')}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        </div>

        {!endpoint.enabled && endpoint.disabledReason === 'failing' && (
          <div role="alert" className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            <p>
              {endpoint.disabledAt
                ? t(
                    'Turned off on {{when}} after {{count}} deliveries in a row failed every retry. Fix the receiver, then enable it: the deliveries that waited go out first, in order.',
                    { when: formatDateTime(endpoint.disabledAt), count: endpoint.consecutiveFailures },
                  )
                : t(
                    'Turned off after {{count}} deliveries in a row failed every retry. Fix the receiver, then enable it: the deliveries that waited go out first, in order.',
                    { count: endpoint.consecutiveFailures },
                  )}
            </p>
          </div>
        )}

        <div role="group" className="flex flex-wrap gap-1.5" aria-label={t('Event types')}>
          {endpoint.eventTypes.map((type) => (
            <Badge key={type} variant="outline" title={type}>
              {t(WEBHOOK_EVENT_LABELS[type], { ns: 'messages' })}
            </Badge>
          ))}
        </div>

        <SecretRow eventId={eventId} endpointId={endpoint.id} />

        <section className="grid gap-3">
          <button
            type="button"
            className="flex items-center gap-1.5 justify-self-start rounded-md text-sm font-semibold hover:text-primary"
            aria-expanded={showLog}
            onClick={() => setShowLog(!showLog)}
          >
            <ChevronDown className={cn('size-4 transition-transform', !showLog && '-rotate-90')} aria-hidden />
            {t('Delivery log')}
          </button>
          {showLog && <DeliveryLog eventId={eventId} endpointId={endpoint.id} canResend={endpoint.enabled} />}
        </section>
      </CardContent>
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => setConfirm(open ? 'delete' : null)}
        title={t('Delete this endpoint?')}
        description={t('Nothing more is sent to {{url}}, and its delivery log is deleted. This cannot be undone.', { url: endpoint.url })}
        confirmLabel={t('Delete endpoint')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              setConfirm(null);
              toast.success(t('Endpoint deleted'));
            },
            onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'disable'}
        onOpenChange={(open) => setConfirm(open ? 'disable' : null)}
        title={t('Disable this endpoint?')}
        description={t('Nothing is sent to it while it is disabled; what happens meanwhile is not sent later either.')}
        confirmLabel={t('Disable')}
        pending={update.isPending}
        onConfirm={() => setEnabled(false)}
      />
    </Card>
  );
}

/** The signing secret: hidden until asked for, then shown with copy; rotating replaces it at once. */
function SecretRow({ eventId, endpointId }: { eventId: string; endpointId: string }) {
  const { t } = useTranslation('webhooks');
  const secret = useQuery(webhookSecretQueryOptions(eventId, endpointId));
  const rotate = useRotateSecret(eventId, endpointId);
  const [shown, setShown] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);

  const reveal = async () => {
    if (!secret.data) await secret.refetch();
    setShown(true);
  };
  const copy = async () => {
    try {
      const value = secret.data?.secret ?? (await secret.refetch()).data?.secret;
      if (!value) return;
      await navigator.clipboard.writeText(value);
      toast.success(t('Signing secret copied'));
    } catch {
      toast.error(t('Copy failed'), { description: t('Reveal the secret, select it and copy it yourself.') });
    }
  };

  return (
    <div className="grid gap-2 rounded-lg bg-subtle px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex items-center gap-2 text-sm font-medium">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden />
          {t('Signing secret')}
        </span>
        <div className="flex flex-wrap gap-1">
          <Button variant="ghost" size="sm" onClick={() => (shown ? setShown(false) : void reveal())} loading={secret.isFetching && !shown}>
            {shown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            {shown ? t('Hide') : t('Reveal')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => void copy()}>
            <Copy aria-hidden />
            {t('Copy')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirmRotate(true)}>
            <RefreshCw aria-hidden />
            {t('Rotate')}
          </Button>
        </div>
      </div>
      <code className="break-all font-mono text-xs" data-testid="webhook-secret">
        {shown && secret.data ? secret.data.secret : 'whsec_••••••••••••••••••••••••••••••••'}
      </code>
      <ConfirmDialog
        open={confirmRotate}
        onOpenChange={setConfirmRotate}
        title={t('Rotate the signing secret?')}
        description={t('Every delivery from now on is signed with a new secret. Your receiver will reject them until you give it the new one.')}
        confirmLabel={t('Rotate secret')}
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirmRotate(false);
              setShown(true);
              toast.success(t('Signing secret rotated'), { description: t('Copy the new secret to your receiver.') });
            },
            onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
          })
        }
      />
    </div>
  );
}
