import { SESSION_LIMITS, SESSION_TYPE_LABELS, SESSION_TYPES, type SessionType } from '@mingle/shared/core/constants';
import { fromWallTime, toWallTime } from '@mingle/shared/domain/time-zones';
import type { ManagedSessionDto } from '@mingle/shared/agenda/contract';
import { sessionInputSchema, type SessionInput } from '@mingle/shared/agenda/inputs';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SelectField } from '@/components/select-field';
import { TimeZoneSelect } from '@/components/time-zone-select';
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
  timezone: string;
  location: string;
  maxCapacity: string;
  tags: string[];
  networkingSlotsOpen: boolean;
  hostName: string;
  referenceUrl: string;
}

function initialValues(session: ManagedSessionDto | null, defaultTimezone: string): FormValues {
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
  defaultTimezone: string;
}

/** Add or edit a session (spec 02 "Manage Sessions"): every field and rule; the first failed rule is toasted. */
export function SessionFormDialog({ eventId, session, open, onOpenChange, defaultTimezone }: SessionFormDialogProps) {
  const { t } = useTranslation('agenda');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{session ? t('Edit Session') : t('Add Session')}</DialogTitle>
          <DialogDescription>{t("Times are entered in the session's time zone.")}</DialogDescription>
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
  defaultTimezone: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('agenda');
  const save = useSaveSession(eventId);
  const form = useForm<FormValues>({ defaultValues: initialValues(session, defaultTimezone) });
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const sessionType = useWatch({ control: form.control, name: 'sessionType' });
  const slotsId = useId();
  // The shared rules' messages, in the interface's language.
  const fieldError = (name: keyof FormValues) => errors[name] && t(errors[name], { ns: 'messages' });

  const onSubmit = form.handleSubmit(async (values) => {
    const input = validateForm(sessionInputSchema, toInput(values), setErrors);
    if (!input) return;
    try {
      await save.mutateAsync({ id: session?.id ?? null, input: input as SessionInput });
      toast.success(t('Success'), { description: session ? t('Session updated successfully') : t('Session created successfully') });
      onDone();
    } catch (error) {
      toastSaveError(error, t('Failed to save session'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField label={t('Session name')} required error={fieldError('title')}>
        <Input maxLength={SESSION_LIMITS.titleMax} placeholder={t('e.g. Opening keynote')} {...form.register('title')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('Session type')}
          error={fieldError('sessionType')}
          control={form.control}
          name="sessionType"
          options={SESSION_TYPES}
          optionLabel={(type) => t(SESSION_TYPE_LABELS[type], { ns: 'messages' })}
        />
        <FormField label={t('Timezone')} required error={fieldError('timezone')}>
          {(fieldControl) => (
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => <TimeZoneSelect {...fieldControl} {...field} />}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('Start time')} required error={fieldError('startTime')}>
          <Input type="datetime-local" {...form.register('startTime')} />
        </FormField>
        <FormField label={t('End time')} required error={fieldError('endTime')}>
          <Input type="datetime-local" {...form.register('endTime')} />
        </FormField>
      </div>
      <FormField label={t('Description')} error={fieldError('description')}>
        <Textarea rows={3} showCount maxLength={SESSION_LIMITS.descriptionMax} {...form.register('description')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('Speaker names')} error={fieldError('speakerName')} description={t('Separate several with commas.')}>
          <Input maxLength={SESSION_LIMITS.speakerNameMax} {...form.register('speakerName')} />
        </FormField>
        <FormField label={t('Location')} error={fieldError('location')}>
          <Input maxLength={SESSION_LIMITS.locationMax} placeholder={t('Room, stage or link')} {...form.register('location')} />
        </FormField>
      </div>
      <FormField label={t('Speaker bio')} error={fieldError('speakerBio')}>
        <Textarea rows={2} showCount maxLength={SESSION_LIMITS.speakerBioMax} {...form.register('speakerBio')} />
      </FormField>
      {sessionType === 'workshop' && (
        <div className="grid gap-5 rounded-lg border border-amber-200 bg-amber-50/50 p-4 sm:grid-cols-2">
          <FormField label={t('Host name')} required error={fieldError('hostName')}>
            <Input maxLength={SESSION_LIMITS.hostNameMax} {...form.register('hostName')} />
          </FormField>
          <FormField label={t('Reference URL')} error={fieldError('referenceUrl')}>
            <Input type="url" inputMode="url" placeholder="https://" maxLength={SESSION_LIMITS.referenceUrlMax} {...form.register('referenceUrl')} />
          </FormField>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('Max capacity')} error={fieldError('maxCapacity')} description={t('Leave empty for unlimited.')}>
          <Input type="number" inputMode="numeric" min={1} step={1} placeholder={t('Unlimited')} {...form.register('maxCapacity')} />
        </FormField>
        <FormField label={t('Tags')} error={fieldError('tags')} description={t('Press Enter to add, up to {{max}}.', { max: SESSION_LIMITS.maxTags })}>
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
                  placeholder={t('Add a tag')}
                />
              )}
            />
          )}
        </FormField>
      </div>
      <div className="flex items-center justify-between gap-4 rounded-lg border border-border bg-subtle p-4">
        <div>
          <label htmlFor={slotsId} className="text-sm font-medium">
            {t('Networking slots open')}
          </label>
          <p className="text-sm text-muted-foreground">{t('Attendees can book meetings during this session.')}</p>
        </div>
        <Controller
          control={form.control}
          name="networkingSlotsOpen"
          render={({ field }) => <Switch id={slotsId} checked={field.value} onCheckedChange={field.onChange} />}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {session ? t('Save Changes') : t('Add Session')}
        </Button>
      </DialogFooter>
    </form>
  );
}
