import { OPTION_NAME_MAX } from '@mingle/shared/core/constants';
import type { OptionDto } from '@mingle/shared/options/contract';
import { OPTION_MESSAGES, type OptionKind } from '@mingle/shared/options/inputs';
import { useQuery } from '@tanstack/react-query';
import { Globe2, ListPlus, Plus, Sparkles, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { managedOptionsQueryOptions, useAddOption, useDeleteOption } from './api';

interface ManageOptionsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Event-Specific mode for this event; without it, Global mode. */
  event?: { id: string; name: string } | null;
}

// Whole sentences per kind (a translation cannot splice "interest" into a sentence), as flat `as const` maps of
// English texts so that the extractor finds every `t(MAP[kind])`.
const TAB_LABELS = { interests: 'Professional Interests', goals: 'Networking Goals' } as const;
const NEW_ITEM_LABELS = { interests: 'New interest', goals: 'New goal' } as const;
const PLACEHOLDERS = { interests: 'Add an interest, e.g. Robotics', goals: 'Add a goal, e.g. Find a mentor' } as const;
const DELETE_TITLES = { interests: 'Delete interest', goals: 'Delete goal' } as const;
const DELETE_QUESTIONS = {
  interests: 'Are you sure you want to delete this interest?',
  goals: 'Are you sure you want to delete this goal?',
} as const;
const DELETE_DEFAULT_QUESTIONS = {
  interests: 'Are you sure you want to delete this interest? "{{name}}" is a default: it will no longer be offered to anyone on the platform.',
  goals: 'Are you sure you want to delete this goal? "{{name}}" is a default: it will no longer be offered to anyone on the platform.',
} as const;
const EMPTY_LISTS = { interests: 'No interests yet.', goals: 'No goals yet.' } as const;

/**
 * Manage options (spec 02): professional interests and networking goals, Global or Event-Specific. Add by text or
 * Enter, delete where allowed (the server decides: `canDelete`), default items marked '(Default)'.
 */
export function ManageOptionsDialog({ open, onOpenChange, event }: ManageOptionsDialogProps) {
  const { t } = useTranslation('options');
  const eventId = event?.id ?? null;
  const options = useQuery({ ...managedOptionsQueryOptions(eventId), enabled: open });

  useEffect(() => {
    if (options.isError) toast.error(t('Error'), { description: t('Failed to load data') });
  }, [options.isError, t]);

  const canAdd = eventId ? options.data?.canManageEvent : options.data?.canManageGlobal;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('Manage Dropdown Options')}</DialogTitle>
          <DialogDescription className="flex flex-wrap items-center gap-2">
            {eventId ? (
              <>
                <Badge variant="default">
                  <Sparkles aria-hidden /> {t('Event-Specific')}
                </Badge>
                <span>
                  <Trans t={t} values={{ name: event?.name }}>
                    Options for <strong className="font-medium text-foreground">{'{{name}}'}</strong>, shown with the global defaults.
                  </Trans>
                </span>
              </>
            ) : (
              <>
                <Badge variant="secondary">
                  <Globe2 aria-hidden /> {t('Global')}
                </Badge>
                <span>{t('Default options offered to everyone on the platform.')}</span>
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="interests">
          <TabsList className="w-full">
            <TabsTrigger value="interests" className="flex-1">
              {t('Professional Interests')}
            </TabsTrigger>
            <TabsTrigger value="goals" className="flex-1">
              {t('Networking Goals')}
            </TabsTrigger>
          </TabsList>
          {(['interests', 'goals'] as const).map((kind) => (
            <TabsContent key={kind} value={kind} className="mt-4 grid gap-4">
              {canAdd && <AddOptionForm kind={kind} eventId={eventId} />}
              {options.isPending ? (
                <div className="grid gap-2" role="status" aria-label={t('Loading options')}>
                  {[0, 1, 2, 3].map((row) => (
                    <Skeleton key={row} className="h-11 w-full" />
                  ))}
                </div>
              ) : options.isError ? (
                <EmptyState icon={ListPlus} tone="danger" title={t('Failed to load data')}>
                  {t('Close the dialog and try again.')}
                </EmptyState>
              ) : (
                <OptionList kind={kind} items={options.data[kind]} />
              )}
            </TabsContent>
          ))}
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function AddOptionForm({ kind, eventId }: { kind: OptionKind; eventId: string | null }) {
  const { t } = useTranslation('options');
  const [name, setName] = useState('');
  const add = useAddOption();
  const messages = OPTION_MESSAGES[kind];

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return; // blank is ignored (spec 02 section 5)
    add.mutate(
      { kind, name: trimmed, eventId },
      {
        onSuccess: () => {
          toast.success(t('Success'), { description: t(messages.added, { ns: 'messages' }) });
          setName('');
        },
        onError: (error) => toast.error(t(messages.addFailed, { ns: 'messages' }), { description: error.message }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex gap-2">
      <Input
        aria-label={t(NEW_ITEM_LABELS[kind])}
        value={name}
        maxLength={OPTION_NAME_MAX}
        placeholder={t(PLACEHOLDERS[kind])}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" loading={add.isPending} disabled={!name.trim()}>
        {!add.isPending && <Plus aria-hidden />}
        {t('Add')}
      </Button>
    </form>
  );
}

function OptionList({ kind, items }: { kind: OptionKind; items: OptionDto[] }) {
  const { t } = useTranslation('options');
  const remove = useDeleteOption();
  const messages = OPTION_MESSAGES[kind];
  // Deleting asks first, as the spec's other deletes do; a global option leaves every profile form on the platform.
  const [deleting, setDeleting] = useState<OptionDto | null>(null);
  const confirm = (
    <ConfirmDialog
      open={deleting !== null}
      onOpenChange={(open) => !open && setDeleting(null)}
      title={t(DELETE_TITLES[kind])}
      description={deleting?.isDefault ? t(DELETE_DEFAULT_QUESTIONS[kind], { name: deleting.name }) : t(DELETE_QUESTIONS[kind])}
      confirmLabel={t('Delete')}
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        deleting &&
        remove.mutate(
          { kind, id: deleting.id },
          {
            onSuccess: () => {
              toast.success(t('Success'), { description: t(messages.deleted, { ns: 'messages' }) });
              setDeleting(null);
            },
            onError: (error) => toast.error(t(messages.deleteFailed, { ns: 'messages' }), { description: error.message }),
          },
        )
      }
    />
  );
  if (items.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
        {t(EMPTY_LISTS[kind])}
      </p>
    );
  }
  return (
    <>
      {/* Focusable, so a keyboard user can scroll a long list (axe: scrollable-region-focusable). */}
      <ul tabIndex={0} aria-label={t(TAB_LABELS[kind])} className="max-h-80 divide-y divide-border overflow-y-auto rounded-lg border border-border">
        {items.map((item) => (
          <li key={item.id} className="flex min-h-11 items-center gap-3 px-3 py-1.5">
            <span className="min-w-0 flex-1 truncate text-sm">
              {item.name}
              {item.isDefault && <span className="ml-1.5 text-muted-foreground">{t('(Default)')}</span>}
            </span>
            {!item.isDefault && item.eventId && <Badge variant="default">{t('This event')}</Badge>}
            {item.canDelete && (
              <Button
                variant="ghost"
                size="icon-sm"
                className="text-muted-foreground hover:text-destructive"
                disabled={remove.isPending && remove.variables?.id === item.id}
                onClick={() => setDeleting(item)}
              >
                <Trash2 aria-hidden />
                <span className="sr-only">{t('Delete {{name}}', { name: item.name })}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {confirm}
    </>
  );
}
