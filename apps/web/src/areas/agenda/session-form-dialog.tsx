import { SESSION_LIMITS, SESSION_TYPE_LABELS, SESSION_TYPES, TIMEZONES, type SessionType, type Timezone } from '@mingle/shared/core/constants';
import { fromWallTime, toWallTime } from '@mingle/shared/domain/time-zones';
import type { ManagedSessionDto } from '@mingle/shared/agenda/contract';
import { sessionInputSchema, type SessionInput } from '@mingle/shared/agenda/inputs';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { TagInput } from '@/components/ui/tag-input';
import { Textarea } from '@/components/ui/textarea';
import { toastSaveError, validateForm } from '@/lib/form-errors';
import { useSaveSession } from './api';

interface FormValues {
  title: string;
  description: string;
  speakerName: string;
  speakerBio: string;
  sessionType: SessionType;
  startTime: string;
  endTime: string;
  timezone: Timezone;
  location: string;
  maxCapacity: string;
  tags: string[];
  networkingSlotsOpen: boolean;
  hostName: string;
  referenceUrl: string;
}

function initialValues(session: ManagedSessionDto | null, defaultTimezone: Timezone): FormValues {
  const timezone = session?.timezone ?? defaultTimezone;
  return {
    title: session?.title ?? '',
    description: session?.description ?? '',
    speakerName: session?.speakerName ?? '',
    speakerBio: session?.speakerBio ?? '',
    sessionType: session?.sessionType ?? 'topic',
    startTime: session ? toWallTime(session.startTime, timezone) : '',
    endTime: session ? toWallTime(session.endTime, timezone) : '',
    timezone,
    location: session?.location ?? '',
    maxCapacity: session?.maxCapacity?.toString() ?? '',
    tags: session?.tags ?? [],
    networkingSlotsOpen: session?.networkingSlotsOpen ?? false,
    hostName: session?.hostName ?? '',
    referenceUrl: session?.referenceUrl ?? '',
  };
}

/** The form's values as the API takes them: wall times read in the chosen zone, capacity empty = unlimited. */
function toInput(values: FormValues): Record<string, unknown> {
  const capacity = values.maxCapacity.trim();
  return {
    ...values,
    startTime: values.startTime ? (fromWallTime(values.startTime, values.timezone)?.toISOString() ?? 'invalid') : '',
    endTime: values.endTime ? (fromWallTime(values.endTime, values.timezone)?.toISOString() ?? 'invalid') : '',
    maxCapacity: capacity === '' ? null : Number(capacity),
  };
}

interface SessionFormDialogProps {
  eventId: string;
  /** The session being edited; null to add one. */
  session: ManagedSessionDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultTimezone: Timezone;
}

/** Add or edit a session (spec 02 "Manage Sessions"): every field and rule; the first failed rule is toasted. */
export function SessionFormDialog({ eventId, session, open, onOpenChange, defaultTimezone }: SessionFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{session ? 'Edit Session' : 'Add Session'}</DialogTitle>
          <DialogDescription>Times are entered in the session's time zone.</DialogDescription>
        </DialogHeader>
        {open && (
          <SessionForm
            key={session?.id ?? 'new'}
            eventId={eventId}
            session={session}
            defaultTimezone={defaultTimezone}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SessionForm({
  eventId,
  session,
  defaultTimezone,
  onDone,
}: {
  eventId: string;
  session: ManagedSessionDto | null;
  defaultTimezone: Timezone;
  onDone: () => void;
}) {
  const save = useSaveSession(eventId);
  const form = useForm<FormValues>({ defaultValues: initialValues(session, defaultTimezone) });
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const sessionType = useWatch({ control: form.control, name: 'sessionType' });
  const slotsId = useId();

  const onSubmit = form.handleSubmit(async (values) => {
    const input = validateForm(sessionInputSchema, toInput(values), setErrors);
    if (!input) return;
    try {
      await save.mutateAsync({ id: session?.id ?? null, input: input as SessionInput });
      toast.success('Success', { description: session ? 'Session updated successfully' : 'Session created successfully' });
      onDone();
    } catch (error) {
      toastSaveError(error, 'Failed to save session');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField label="Session name" required error={errors.title}>
        <Input maxLength={SESSION_LIMITS.titleMax} placeholder="e.g. Opening keynote" {...form.register('title')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Session type"
          error={errors.sessionType}
          control={form.control}
          name="sessionType"
          options={SESSION_TYPES}
          optionLabel={(type) => SESSION_TYPE_LABELS[type]}
        />
        <SelectField
          label="Timezone"
          required
          error={errors.timezone}
          control={form.control}
          name="timezone"
          options={TIMEZONES}
          optionLabel={(zone) => zone.replaceAll('_', ' ')}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Start time" required error={errors.startTime}>
          <Input type="datetime-local" {...form.register('startTime')} />
        </FormField>
        <FormField label="End time" required error={errors.endTime}>
          <Input type="datetime-local" {...form.register('endTime')} />
        </FormField>
      </div>
      <FormField label="Description" error={errors.description}>
        <Textarea rows={3} showCount maxLength={SESSION_LIMITS.descriptionMax} {...form.register('description')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Speaker names" error={errors.speakerName} description="Separate several with commas.">
          <Input maxLength={SESSION_LIMITS.speakerNameMax} {...form.register('speakerName')} />
        </FormField>
        <FormField label="Location" error={errors.location}>
          <Input maxLength={SESSION_LIMITS.locationMax} placeholder="Room, stage or link" {...form.register('location')} />
        </FormField>
      </div>
      <FormField label="Speaker bio" error={errors.speakerBio}>
        <Textarea rows={2} showCount maxLength={SESSION_LIMITS.speakerBioMax} {...form.register('speakerBio')} />
      </FormField>
      {sessionType === 'workshop' && (
        <div className="grid gap-5 rounded-lg border border-amber-200 bg-amber-50/50 p-4 sm:grid-cols-2">
          <FormField label="Host name" required error={errors.hostName}>
            <Input maxLength={SESSION_LIMITS.hostNameMax} {...form.register('hostName')} />
          </FormField>
          <FormField label="Reference URL" error={errors.referenceUrl}>
            <Input type="url" inputMode="url" placeholder="https://" maxLength={SESSION_LIMITS.referenceUrlMax} {...form.register('referenceUrl')} />
          </FormField>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Max capacity" error={errors.maxCapacity} description="Leave empty for unlimited.">
          <Input type="number" inputMode="numeric" min={1} step={1} placeholder="Unlimited" {...form.register('maxCapacity')} />
        </FormField>
        <FormField label="Tags" error={errors.tags} description={`Press Enter to add, up to ${SESSION_LIMITS.maxTags}.`}>
          {(control) => (
            <Controller
              control={form.control}
              name="tags"
              render={({ field }) => (
                <TagInput
                  id={control.id}
                  aria-describedby={control['aria-describedby']}
                  aria-invalid={control['aria-invalid']}
                  value={field.value}
                  onChange={field.onChange}
                  max={SESSION_LIMITS.maxTags}
                  maxLength={SESSION_LIMITS.tagMax}
                  placeholder="Add a tag"
                />
              )}
            />
          )}
        </FormField>
      </div>
      <div className="flex items-center justify-between gap-4 rounded-lg border border-border bg-subtle p-4">
        <div>
          <label htmlFor={slotsId} className="text-sm font-medium">
            Networking slots open
          </label>
          <p className="text-sm text-muted-foreground">Attendees can book meetings during this session.</p>
        </div>
        <Controller
          control={form.control}
          name="networkingSlotsOpen"
          render={({ field }) => <Switch id={slotsId} checked={field.value} onCheckedChange={field.onChange} />}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {session ? 'Save Changes' : 'Add Session'}
        </Button>
      </DialogFooter>
    </form>
  );
}
