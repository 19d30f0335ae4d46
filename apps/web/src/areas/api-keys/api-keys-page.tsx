import type { ApiKeyDto } from '@mingle/shared/api-keys/contract';
import { API_KEYS_MAX } from '@mingle/shared/api-keys/inputs';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, KeyRound, Plus, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ListSkeleton, LoadError } from '@/components/list-parts';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageTitle } from '@/components/ui/page-title';
import { formatDate } from '@/lib/datetime';
import { formattingLocale } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { apiKeysQueryOptions, useRevokeApiKey } from './api';
import { CreateKeyDialog } from './create-key-dialog';

/** /profile/api-keys (issue 21, not in the spec): the person's API keys, made, listed and revoked. */
export function ApiKeysPage() {
  const { t } = useTranslation('api-keys');
  const keys = useQuery(apiKeysQueryOptions);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const revoke = useRevokeApiKey();
  const list = keys.data?.keys ?? [];
  const liveCount = list.filter((key) => statusOf(key) === 'active').length;

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(t('API key revoked'), { description: t('“{{name}}” no longer works.', { name: revoking.name }) });
        setRevoking(null);
      },
      onError: () => {
        toast.error(t('Error'), { description: t('Failed to revoke the API key') });
        setRevoking(null);
      },
    });
  };

  const createButton = (
    <Button onClick={() => setCreating(true)} disabled={liveCount >= API_KEYS_MAX}>
      <Plus aria-hidden />
      {t('Create API key')}
    </Button>
  );

  return (
    <>
      <PageTitle
        back={{ to: '/profile', label: t('My Profile') }}
        title={t('API keys')}
        description={t('Let scripts and other tools, such as your CRM or badge printer, use Mingle as you without your password.')}
        actions={list.length > 0 ? createButton : undefined}
      />

      <div className="grid gap-6">
        {keys.isPending ? (
          <ListSkeleton label={t('Loading API keys')} rows={2} />
        ) : keys.isError ? (
          <LoadError title={t('Failed to load your API keys')} error={keys.error} onRetry={() => void keys.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon={KeyRound} title={t('No API keys yet')} action={createButton}>
            {t('Create a key for each tool you connect. You choose what it may do, and you can revoke it at any time.')}
          </EmptyState>
        ) : (
          <ul className="grid gap-3" aria-label={t('API keys')}>
            {list.map((key) => (
              <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
            ))}
          </ul>
        )}

        <Card>
          <CardContent className="grid gap-3 pt-6 text-sm sm:pt-6">
            <h2 className="flex items-center gap-2 font-semibold">
              <ShieldCheck aria-hidden className="size-4 text-brand-600" />
              {t('How keys work')}
            </h2>
            <ul className="grid list-disc gap-1.5 pl-5 text-muted-foreground marker:text-brand-300">
              <li>{t('A key acts as you, with your rights, narrowed to what you chose: read only or read and write, all your events or one.')}</li>
              <li>
                <Trans t={t}>
                  Send it with each request: <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">Authorization: Bearer mgk_…</code>
                </Trans>
              </li>
              <li>{t('Keys never change your password, two-factor, sessions or keys: those need you signed in.')}</li>
              <li>{t('Each key may make up to 600 requests a minute. Keep it secret; revoke it if it may have leaked.')}</li>
            </ul>
          </CardContent>
        </Card>
      </div>

      <CreateKeyDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('Revoke this API key?')}
        description={t('Anything using “{{name}}” stops working at once. This cannot be undone.', { name: revoking?.name ?? '' })}
        confirmLabel={t('Revoke key')}
        destructive
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </>
  );
}

type Status = 'active' | 'expired' | 'revoked';

function statusOf(key: ApiKeyDto): Status {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= Date.now()) return 'expired';
  return 'active';
}

/** "5 minutes ago", "yesterday": last use is kept to the minute. */
function ago(iso: string): string {
  const relative = new Intl.RelativeTimeFormat(formattingLocale(), { numeric: 'auto' });
  const minutes = Math.round((Date.parse(iso) - Date.now()) / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyDto; onRevoke: () => void }) {
  const { t } = useTranslation('api-keys');
  const status = statusOf(apiKey);
  return (
    <li
      aria-label={apiKey.name}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between data-[status=active]:shadow-xs"
      data-status={status}
    >
      <div className="flex min-w-0 gap-3">
        <span
          className={
            status === 'active'
              ? 'flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600'
              : 'flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground'
          }
        >
          <KeyRound aria-hidden className="size-5" />
        </span>
        <div className="grid min-w-0 gap-1.5">
          <p className="flex flex-wrap items-center gap-2">
            <span className={status === 'active' ? 'font-semibold' : 'font-semibold text-muted-foreground'}>{apiKey.name}</span>
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{apiKey.start}…</code>
            {status === 'revoked' && <Badge variant="destructive">{t('Revoked')}</Badge>}
            {status === 'expired' && <Badge variant="warning">{t('Expired')}</Badge>}
          </p>
          <p className="flex flex-wrap gap-1.5">
            <Badge variant={apiKey.access === 'read' ? 'secondary' : 'default'}>{apiKey.access === 'read' ? t('Read only') : t('Read and write')}</Badge>
            <Badge variant="outline" className="max-w-full">
              <CalendarDays aria-hidden className="mr-1 size-3 shrink-0" />
              <span className="truncate">{apiKey.event ? apiKey.event.name : t('All my events')}</span>
            </Badge>
          </p>
          <p className="flex flex-wrap gap-x-1.5 text-xs text-muted-foreground">
            <span className="whitespace-nowrap">{t('Created {{date}}', { date: formatDate(apiKey.createdAt) })}</span>
            <span aria-hidden>·</span>
            <span className="whitespace-nowrap">{apiKey.lastUsedAt ? t('Last used {{ago}}', { ago: ago(apiKey.lastUsedAt) }) : t('Never used')}</span>
            <span aria-hidden>·</span>
            <span className="whitespace-nowrap">
              {status === 'revoked'
                ? t('Revoked {{date}}', { date: formatDate(apiKey.revokedAt!) })
                : apiKey.expiresAt
                  ? status === 'expired'
                    ? t('Expired {{date}}', { date: formatDate(apiKey.expiresAt) })
                    : t('Expires {{date}}', { date: formatDate(apiKey.expiresAt) })
                  : t('Never expires')}
            </span>
          </p>
        </div>
      </div>
      {status !== 'revoked' && (
        <Button variant="outline" size="sm" className="shrink-0 self-start sm:self-center" onClick={onRevoke} aria-label={t('Revoke {{name}}', { name: apiKey.name })}>
          {t('Revoke')}
        </Button>
      )}
    </li>
  );
}
