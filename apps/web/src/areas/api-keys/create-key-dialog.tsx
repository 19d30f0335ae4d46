import type { CreatedApiKeyDto } from '@mingle/shared/api-keys/contract';
import { API_KEY_EXPIRY_CHOICES, API_KEY_NAME_MAX, createApiKeySchema, type ApiKeyAccess } from '@mingle/shared/api-keys/inputs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Check, Copy, KeyRound, TriangleAlert } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { toastSaveError, validateForm } from '@/lib/form-errors';
import { eventListQueryOptions } from '@/areas/events';
import { useCreateApiKey } from './api';

type Expiry = (typeof API_KEY_EXPIRY_CHOICES)[number]['value'];
const ALL_EVENTS = 'all';

const ACCESS_CHOICES = [
  { value: 'read', label: 'Read only', hint: 'GET requests: lists, exports, figures' },
  { value: 'read-write', label: 'Read and write', hint: 'Also creates, changes and deletes' },
] as const satisfies readonly { value: ApiKeyAccess; label: string; hint: string }[];

/** "Create API key": name, access, scope and expiry; then the new key, shown this once. */
export function CreateKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('api-keys');
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="sm:max-w-lg">
        {created ? (
          <CreatedKey created={created} onDone={() => change(false)} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{t('Create API key')}</DialogTitle>
              <DialogDescription>{t('A script or another tool uses it to act as you, within what you allow here.')}</DialogDescription>
            </DialogHeader>
            {open && <KeyForm onCreated={setCreated} onCancel={() => change(false)} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function KeyForm({ onCreated, onCancel }: { onCreated: (created: CreatedApiKeyDto) => void; onCancel: () => void }) {
  const { t } = useTranslation('api-keys');
  // The shared rules' messages are translated from the `messages` namespace.
  const shown = (message: string | undefined) => message && t(message, { ns: 'messages' });
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<ApiKeyAccess>('read');
  const [scope, setScope] = useState<string>(ALL_EVENTS);
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [errors, setErrors] = useState<Partial<Record<'name' | 'access' | 'eventId' | 'expiresAt', string>>>({});
  // The events a key may be limited to: those the person takes part in (the server checks the same).
  const events = useInfiniteQuery(eventListQueryOptions('participating'));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const myEvents = events.data?.pages.flatMap((page) => page.events) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = API_KEY_EXPIRY_CHOICES.find((choice) => choice.value === expiry)?.days ?? null;
    const input = validateForm(
      createApiKeySchema,
      { name, access, eventId: scope === ALL_EVENTS ? null : scope, expiresAt: days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString() },
      setErrors,
    );
    if (!input) return;
    create.mutate(input, {
      onSuccess: onCreated,
      onError: (error) => {
        if (error instanceof ApiError && (error.code === 'api_keys_limit' || error.status === 404)) toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) });
        else toastSaveError(error, t('Failed to create the API key'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <FormField label={t('Name')} required error={shown(errors.name)} description={t('What uses it, so you recognise it later.')}>
        <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={API_KEY_NAME_MAX} placeholder={t('e.g. CRM sync')} autoFocus />
      </FormField>

      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t('Access')}</legend>
        <div className="grid gap-2 sm:grid-cols-2" role="radiogroup" aria-label={t('Access')}>
          {ACCESS_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 transition-colors hover:border-brand-300',
                access === choice.value && 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500',
              )}
            >
              <input
                type="radio"
                name="access"
                value={choice.value}
                checked={access === choice.value}
                onChange={() => setAccess(choice.value)}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{t(choice.label)}</span>
                <span className="text-xs text-muted-foreground">{t(choice.hint)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <FormField label={t('Events')} error={shown(errors.eventId)} description={t('Limit the key to one event you organise or take part in.')}>
        {(control) => (
          <Select value={scope} onValueChange={setScope}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_EVENTS}>{t('All my events')}</SelectItem>
              {myEvents.map((item) => (
                <SelectItem key={item.id} value={item.id}>
                  {item.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>

      <FormField label={t('Expires')} error={shown(errors.expiresAt)}>
        {(control) => (
          <Select value={expiry} onValueChange={(value) => setExpiry(value as Expiry)}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {API_KEY_EXPIRY_CHOICES.map((choice) => (
                <SelectItem key={choice.value} value={choice.value}>
                  {t(choice.label, { ns: 'messages' })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          <KeyRound aria-hidden />
          {t('Create key')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The new key, whole, with a copy button: the only time anyone sees it. */
function CreatedKey({ created, onDone }: { created: CreatedApiKeyDto; onDone: () => void }) {
  const { t } = useTranslation('api-keys');
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error(t('Copy failed'), { description: t('Select the key and copy it yourself.') });
    }
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('Copy your new API key')}</DialogTitle>
        <DialogDescription>{t('“{{name}}” is ready. Send it in the Authorization header: Bearer followed by the key.', { name: created.apiKey.name })}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <div className="grid gap-2 rounded-lg border border-border bg-subtle p-3">
          <code data-testid="new-api-key" className="select-all break-all font-mono text-sm leading-relaxed">
            {created.key}
          </code>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void copy()}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? t('Copied') : t('Copy key')}
          </Button>
        </div>
        <p className="flex gap-2.5 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-[oklch(0.55_0.13_60)]" />
          <span>
            <Trans t={t}>
              <strong className="font-semibold">You will not see this key again.</strong> Store it somewhere safe, such as a password manager. If you lose
              it, revoke it and create a new one.
            </Trans>
          </span>
        </p>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>{t('Done')}</Button>
      </DialogFooter>
    </>
  );
}
