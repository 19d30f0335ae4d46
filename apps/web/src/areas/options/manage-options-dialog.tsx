import { OPTION_NAME_MAX } from '@mingle/shared/core/constants';
import type { OptionDto } from '@mingle/shared/options/contract';
import { OPTION_MESSAGES, type OptionKind } from '@mingle/shared/options/inputs';
import { useQuery } from '@tanstack/react-query';
import { Globe2, ListPlus, Plus, Sparkles, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
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

const KIND_LABELS: Record<OptionKind, { tab: string; singular: string; placeholder: string }> = {
  interests: { tab: 'Professional Interests', singular: 'interest', placeholder: 'Add an interest, e.g. Robotics' },
  goals: { tab: 'Networking Goals', singular: 'goal', placeholder: 'Add a goal, e.g. Find a mentor' },
};

/**
 * Manage options (spec 02): professional interests and networking goals, Global or Event-Specific. Add by text or
 * Enter, delete where allowed (the server decides: `canDelete`), default items marked '(Default)'.
 */
export function ManageOptionsDialog({ open, onOpenChange, event }: ManageOptionsDialogProps) {
  const eventId = event?.id ?? null;
  const options = useQuery({ ...managedOptionsQueryOptions(eventId), enabled: open });

  useEffect(() => {
    if (options.isError) toast.error('Error', { description: 'Failed to load data' });
  }, [options.isError]);

  const canAdd = eventId ? options.data?.canManageEvent : options.data?.canManageGlobal;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Manage Dropdown Options</DialogTitle>
          <DialogDescription className="flex flex-wrap items-center gap-2">
            {eventId ? (
              <>
                <Badge variant="default">
                  <Sparkles aria-hidden /> Event-Specific
                </Badge>
                <span>
                  Options for <strong className="font-medium text-foreground">{event?.name}</strong>, shown with the global defaults.
                </span>
              </>
            ) : (
              <>
                <Badge variant="secondary">
                  <Globe2 aria-hidden /> Global
                </Badge>
                <span>Default options offered to everyone on the platform.</span>
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="interests">
          <TabsList className="w-full">
            <TabsTrigger value="interests" className="flex-1">
              Professional Interests
            </TabsTrigger>
            <TabsTrigger value="goals" className="flex-1">
              Networking Goals
            </TabsTrigger>
          </TabsList>
          {(['interests', 'goals'] as const).map((kind) => (
            <TabsContent key={kind} value={kind} className="mt-4 grid gap-4">
              {canAdd && <AddOptionForm kind={kind} eventId={eventId} />}
              {options.isPending ? (
                <div className="grid gap-2" role="status" aria-label="Loading options">
                  {[0, 1, 2, 3].map((row) => (
                    <Skeleton key={row} className="h-11 w-full" />
                  ))}
                </div>
              ) : options.isError ? (
                <EmptyState icon={ListPlus} tone="danger" title="Failed to load data">
                  Close the dialog and try again.
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
          toast.success('Success', { description: messages.added });
          setName('');
        },
        onError: (error) => toast.error(messages.addFailed, { description: error.message }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex gap-2">
      <Input
        aria-label={`New ${KIND_LABELS[kind].singular}`}
        value={name}
        maxLength={OPTION_NAME_MAX}
        placeholder={KIND_LABELS[kind].placeholder}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" loading={add.isPending} disabled={!name.trim()}>
        {!add.isPending && <Plus aria-hidden />}
        Add
      </Button>
    </form>
  );
}

function OptionList({ kind, items }: { kind: OptionKind; items: OptionDto[] }) {
  const remove = useDeleteOption();
  const messages = OPTION_MESSAGES[kind];
  // Deleting asks first, as the spec's other deletes do; a global option leaves every profile form on the platform.
  const [deleting, setDeleting] = useState<OptionDto | null>(null);
  const { singular } = KIND_LABELS[kind];
  const confirm = (
    <ConfirmDialog
      open={deleting !== null}
      onOpenChange={(open) => !open && setDeleting(null)}
      title={`Delete ${singular}`}
      description={
        deleting?.isDefault
          ? `Are you sure you want to delete this ${singular}? "${deleting.name}" is a default: it will no longer be offered to anyone on the platform.`
          : `Are you sure you want to delete this ${singular}?`
      }
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        deleting &&
        remove.mutate(
          { kind, id: deleting.id },
          {
            onSuccess: () => {
              toast.success('Success', { description: messages.deleted });
              setDeleting(null);
            },
            onError: (error) => toast.error(messages.deleteFailed, { description: error.message }),
          },
        )
      }
    />
  );
  if (items.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
        No {singular}s yet.
      </p>
    );
  }
  return (
    <>
      {/* Focusable, so a keyboard user can scroll a long list (axe: scrollable-region-focusable). */}
      <ul tabIndex={0} aria-label={KIND_LABELS[kind].tab} className="max-h-80 divide-y divide-border overflow-y-auto rounded-lg border border-border">
        {items.map((item) => (
          <li key={item.id} className="flex min-h-11 items-center gap-3 px-3 py-1.5">
            <span className="min-w-0 flex-1 truncate text-sm">
              {item.name}
              {item.isDefault && <span className="ml-1.5 text-muted-foreground">(Default)</span>}
            </span>
            {!item.isDefault && item.eventId && <Badge variant="default">This event</Badge>}
            {item.canDelete && (
              <Button
                variant="ghost"
                size="icon-sm"
                className="text-muted-foreground hover:text-destructive"
                disabled={remove.isPending && remove.variables?.id === item.id}
                onClick={() => setDeleting(item)}
              >
                <Trash2 aria-hidden />
                <span className="sr-only">Delete {item.name}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {confirm}
    </>
  );
}
