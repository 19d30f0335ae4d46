import { MEETING_DURATION_LIMITS, MEETING_DURATIONS } from '@mingle/shared/core/constants';
import { isInThePast, TIME_RULE_MESSAGES } from '@mingle/shared/domain/time-rules';
import { fromWallTime } from '@mingle/shared/domain/time-zones';
import type { MeetingPartnerDto } from '@mingle/shared/meetings/contract';
import { MEETING_LIMITS, MEETING_MESSAGES, meetingRequestSchema, type MeetingRequestInput } from '@mingle/shared/meetings/inputs';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, MapPin, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ViewerTime } from '@/components/zoned-time';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { zoneName } from '@/lib/datetime';
import { fieldErrors } from '@/lib/form-errors';
import { overlapQueryOptions, useRequestMeeting } from './api';
import { useTranslation } from 'react-i18next';

interface FormValues {
  proposedTime: string;
  durationMinutes: string;
  meetingType: 'virtual' | 'in_person';
  locationType: 'booth' | 'custom';
  boothIdentifier: string;
  location: string;
  agenda: string;
}

type Errors = Partial<Record<keyof FormValues, string>>;

// The select holds strings; the request takes the number.
const DURATION_OPTIONS = MEETING_DURATIONS.map(String);

/**
 * The instant a proposed time names: read on the clock of the event the request is filed under (both people meet
 * there, decision 0183), or on the viewer's own clock when they are only connected. '' when empty or not a time.
 */
function proposedInstant(wallTime: string, eventTimeZone: string | null): string {
  if (!wallTime) return '';
  const instant = eventTimeZone ? fromWallTime(wallTime, eventTimeZone) : new Date(wallTime);
  return instant && !Number.isNaN(instant.getTime()) ? instant.toISOString() : '';
}

function toInput(recipient: MeetingPartnerDto, values: FormValues): MeetingRequestInput {
  return {
    recipientId: recipient.id,
    // The event whose clock the time was read on, not whichever both attend latest when the request arrives.
    eventId: recipient.eventId,
    proposedTime: proposedInstant(values.proposedTime, recipient.eventTimeZone),
    durationMinutes: Number(values.durationMinutes),
    meetingType: values.meetingType,
    locationType: values.locationType,
    boothIdentifier: values.boothIdentifier,
    location: values.location,
    agenda: values.agenda,
  };
}

/** A segmented radio group: two or three choices side by side. */
function Segmented<T extends string>({
  legend,
  value,
  onChange,
  options,
}: {
  legend: string;
  value: T;
  onChange: (value: T) => void;
  options: Array<{ value: T; label: string; icon?: typeof Video }>;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
        {options.map(({ value: option, label, icon: Icon }) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === option && 'bg-card text-foreground shadow-xs',
            )}
          >
            <input type="radio" className="sr-only" name={legend} value={option} checked={value === option} onChange={() => onChange(option)} />
            {Icon && <Icon aria-hidden className="size-4" />}
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The meeting request dialog of spec 02 "My Meetings", with the overlap warning. */
export function RequestMeetingDialog({
  recipient,
  open,
  onOpenChange,
}: {
  recipient: MeetingPartnerDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('meetings');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('Request a Meeting')}</DialogTitle>
          <DialogDescription>{t('Propose a time to meet {{name}}.', { name: recipient.fullName })}</DialogDescription>
        </DialogHeader>
        <RequestMeetingForm recipient={recipient} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RequestMeetingForm({ recipient, onDone }: { recipient: MeetingPartnerDto; onDone: () => void }) {
  const { t } = useTranslation('meetings');
  const form = useForm<FormValues>({
    defaultValues: {
      proposedTime: '',
      durationMinutes: String(MEETING_DURATION_LIMITS.default),
      meetingType: 'virtual',
      locationType: 'custom',
      boothIdentifier: '',
      location: '',
      agenda: '',
    },
  });
  const [errors, setErrors] = useState<Errors>({});
  const send = useRequestMeeting();
  // A field's message goes as soon as the field changes; the next submit checks again.
  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        if (!name) return;
        setErrors((current) => {
          const field = name as keyof FormValues;
          if (!current[field]) return current;
          const next = { ...current };
          delete next[field];
          return next;
        });
      },
    });
  }, [form]);
  const [meetingType, locationType, proposedTime, duration] = useWatch({
    control: form.control,
    name: ['meetingType', 'locationType', 'proposedTime', 'durationMinutes'],
  });
  const startIso = proposedInstant(proposedTime, recipient.eventTimeZone);
  const overlap = useQuery(overlapQueryOptions(recipient.id, startIso, Number(duration)));
  // The shared rules' messages, in the interface's language.
  const errorText = (message: string | undefined) => message && t(message, { ns: 'messages' });

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = meetingRequestSchema.safeParse(toInput(recipient, values));
    if (!parsed.success) {
      setErrors(fieldErrors<keyof FormValues>(parsed.error));
      return;
    }
    // The server refuses the past too (decision 0105); here the message shows at the field.
    if (isInThePast(parsed.data.proposedTime)) {
      setErrors({ proposedTime: TIME_RULE_MESSAGES.meetingInPast });
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(toInput(recipient, values));
      toast.success(t('Meeting Request Sent'), { description: t('Your meeting request has been sent to {{name}}', { name: recipient.fullName }) });
      onDone();
    } catch (error) {
      toast.error(t('Error'), { description: t(error instanceof ApiError && error.isClientError ? error.message : MEETING_MESSAGES.requestFailed, { ns: 'messages' }) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
        <FormField
          label={t('Proposed time')}
          required
          error={errorText(errors.proposedTime)}
          description={
            recipient.eventTimeZone && (
              <>
                {t("In the event's time zone ({{zone}})", { zone: zoneName(startIso || new Date().toISOString(), recipient.eventTimeZone) })}
                {startIso && <ViewerTime iso={startIso} timeZone={recipient.eventTimeZone} />}
              </>
            )
          }
        >
          <Input type="datetime-local" {...form.register('proposedTime')} />
        </FormField>
        <SelectField
          label={t('Duration')}
          error={errorText(errors.durationMinutes)}
          control={form.control}
          name="durationMinutes"
          options={DURATION_OPTIONS}
          optionLabel={(minutes) => t('{{count}} minutes', { count: Number(minutes) })}
        />
      </div>
      {overlap.data && (overlap.data.yours > 0 || overlap.data.theirs) && (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2.5 text-sm text-[oklch(0.42_0.11_60)]">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {overlap.data.yours > 0 && overlap.data.theirs
            ? t('This time overlaps a meeting you have already accepted, and {{name}} is busy then too.', { name: recipient.fullName })
            : overlap.data.yours > 0
              ? t('This time overlaps a meeting you have already accepted.')
              : t('{{name}} already has a meeting at this time.', { name: recipient.fullName })}
        </p>
      )}
      <Controller
        control={form.control}
        name="meetingType"
        render={({ field }) => (
          <Segmented
            legend={t('Meeting type')}
            value={field.value}
            onChange={field.onChange}
            options={[
              { value: 'virtual', label: t('Virtual'), icon: Video },
              { value: 'in_person', label: t('In person'), icon: MapPin },
            ]}
          />
        )}
      />
      {meetingType === 'in_person' && (
        <div className="grid gap-4 rounded-lg border border-border bg-subtle p-4">
          <Controller
            control={form.control}
            name="locationType"
            render={({ field }) => (
              <Segmented
                legend={t('Location type')}
                value={field.value}
                onChange={field.onChange}
                options={[
                  { value: 'booth', label: t('Booth') },
                  { value: 'custom', label: t('Custom location') },
                ]}
              />
            )}
          />
          {locationType === 'booth' ? (
            <FormField label={t('Booth identifier')} error={errorText(errors.location ?? errors.boothIdentifier)}>
              <Input placeholder={t('e.g. A12')} maxLength={MEETING_LIMITS.boothIdentifierMax} {...form.register('boothIdentifier')} />
            </FormField>
          ) : (
            <FormField label={t('Location')} error={errorText(errors.location)}>
              <Input placeholder={t('e.g. Coffee bar, level 2')} maxLength={MEETING_LIMITS.locationMax} {...form.register('location')} />
            </FormField>
          )}
        </div>
      )}
      <FormField label={t('Agenda')} required error={errorText(errors.agenda)}>
        <Textarea rows={4} showCount maxLength={MEETING_LIMITS.agendaMax} placeholder={t('What would you like to talk about?')} {...form.register('agenda')} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={send.isPending}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={send.isPending}>
          {t('Send Request')}
        </Button>
      </DialogFooter>
    </form>
  );
}
