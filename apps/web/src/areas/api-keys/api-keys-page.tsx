import type { ApiKeyDto } from '@mingle/shared/api-keys/contract';
import { API_KEYS_MAX } from '@mingle/shared/api-keys/inputs';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, KeyRound, Plus, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { ListSkeleton, LoadError } from '@/components/list-parts';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageTitle } from '@/components/ui/page-title';
import { formatDate } from '@/lib/datetime';
import { toast } from '@/lib/toast';
import { apiKeysQueryOptions, useRevokeApiKey } from './api';
import { CreateKeyDialog } from './create-key-dialog';

/** /profile/api-keys (issue 21, not in the spec): the person's API keys, made, listed and revoked. */
export function ApiKeysPage() {
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
        toast.success('API key revoked', { description: `“${revoking.name}” no longer works.` });
        setRevoking(null);
      },
      onError: () => {
        toast.error('Error', { description: 'Failed to revoke the API key' });
        setRevoking(null);
      },
    });
  };

  const createButton = (
    <Button onClick={() => setCreating(true)} disabled={liveCount >= API_KEYS_MAX}>
      <Plus aria-hidden />
      Create API key
    </Button>
  );

  return (
    <>
      <PageTitle
        back={{ to: '/profile', label: 'My Profile' }}
        title="API keys"
        description="Let scripts and other tools, such as your CRM or badge printer, use Mingle as you without your password."
        actions={list.length > 0 ? createButton : undefined}
      />

      <div className="grid gap-6">
        {keys.isPending ? (
          <ListSkeleton label="Loading API keys" rows={2} />
        ) : keys.isError ? (
          <LoadError title="Failed to load your API keys" error={keys.error} onRetry={() => void keys.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon={KeyRound} title="No API keys yet" action={createButton}>
            Create a key for each tool you connect. You choose what it may do, and you can revoke it at any time.
          </EmptyState>
        ) : (
          <ul className="grid gap-3" aria-label="API keys">
            {list.map((key) => (
              <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
            ))}
          </ul>
        )}

        <Card>
          <CardContent className="grid gap-3 pt-6 text-sm sm:pt-6">
            <h2 className="flex items-center gap-2 font-semibold">
              <ShieldCheck aria-hidden className="size-4 text-brand-600" />
              How keys work
            </h2>
            <ul className="grid list-disc gap-1.5 pl-5 text-muted-foreground marker:text-brand-300">
              <li>A key acts as you, with your rights, narrowed to what you chose: read only or read and write, all your events or one.</li>
              <li>
                Send it with each request: <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">Authorization: Bearer mgk_…</code>
              </li>
              <li>Keys never change your password, two-factor, sessions or keys: those need you signed in.</li>
              <li>Each key may make up to 600 requests a minute. Keep it secret; revoke it if it may have leaked.</li>
            </ul>
          </CardContent>
        </Card>
      </div>

      <CreateKeyDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this API key?"
        description={`Anything using “${revoking?.name ?? ''}” stops working at once. This cannot be undone.`}
        confirmLabel="Revoke key"
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

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "5 minutes ago", "yesterday": last use is kept to the minute. */
function ago(iso: string): string {
  const minutes = Math.round((Date.parse(iso) - Date.now()) / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyDto; onRevoke: () => void }) {
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
            {status === 'revoked' && <Badge variant="destructive">Revoked</Badge>}
            {status === 'expired' && <Badge variant="warning">Expired</Badge>}
          </p>
          <p className="flex flex-wrap gap-1.5">
            <Badge variant={apiKey.access === 'read' ? 'secondary' : 'default'}>{apiKey.access === 'read' ? 'Read only' : 'Read and write'}</Badge>
            <Badge variant="outline" className="max-w-full">
              <CalendarDays aria-hidden className="mr-1 size-3 shrink-0" />
              <span className="truncate">{apiKey.event ? apiKey.event.name : 'All my events'}</span>
            </Badge>
          </p>
          <p className="flex flex-wrap gap-x-1.5 text-xs text-muted-foreground">
            <span className="whitespace-nowrap">Created {formatDate(apiKey.createdAt)}</span>
            <span aria-hidden>·</span>
            <span className="whitespace-nowrap">{apiKey.lastUsedAt ? `Last used ${ago(apiKey.lastUsedAt)}` : 'Never used'}</span>
            <span aria-hidden>·</span>
            <span className="whitespace-nowrap">
              {status === 'revoked'
                ? `Revoked ${formatDate(apiKey.revokedAt!)}`
                : apiKey.expiresAt
                  ? `${status === 'expired' ? 'Expired' : 'Expires'} ${formatDate(apiKey.expiresAt)}`
                  : 'Never expires'}
            </span>
          </p>
        </div>
      </div>
      {status !== 'revoked' && (
        <Button variant="outline" size="sm" className="shrink-0 self-start sm:self-center" onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
          Revoke
        </Button>
      )}
    </li>
  );
}
