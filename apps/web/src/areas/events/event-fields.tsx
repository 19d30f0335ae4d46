import { EVENT_LIMITS, EVENT_TYPE_LABELS, EVENT_TYPES, type EventType } from '@mingle/shared/core/constants';
import { isInThePast, TIME_RULE_MESSAGES } from '@mingle/shared/domain/time-rules';
import { timeZoneSchema } from '@mingle/shared/domain/time-zone-schema';
import { fromWallTime } from '@mingle/shared/domain/time-zones';
import { eventDatesIssue, eventTypeSchema } from '@mingle/shared/events/inputs';
import type { TFunction } from 'i18next';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EventTimeZoneField } from '@/components/event-time-zone-field';
import { SelectField } from '@/components/select-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

// When and where an event is: the fields and rules the create page and the Edit event dialog share. The dates are
// wall times in the chosen zone (decision 0192); the shared rules' messages are translated where they are shown.

interface WhenWhere {
  timezone: string;
  startDate: string;
  endDate: string;
  eventType: EventType;
  location: string;
}

/** The form schema's fields for when and where (the form's own messages in the interface's language). */
export const whenWhereShape = (t: TFunction<'events'>) => ({
  timezone: timeZoneSchema,
  startDate: z.string().min(1, t('Start date is required')),
  endDate: z.string().min(1, t('End date is required')),
  eventType: eventTypeSchema,
  location: z.string().max(EVENT_LIMITS.locationMax, t('Location must be less than 200 characters')),
});

/**
 * The dates' rules, read in the chosen zone: no start in the past (the server refuses it too, decision 0105) unless
 * it is the start already saved (an event under way keeps its start), and the end after the start.
 */
export function checkEventDates(values: WhenWhere, ctx: z.RefinementCtx, savedStart?: string): void {
  const start = fromWallTime(values.startDate, values.timezone);
  const end = fromWallTime(values.endDate, values.timezone);
  if (!start || !end) return;
  if (start.toISOString() !== savedStart && isInThePast(start)) {
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: TIME_RULE_MESSAGES.eventStartInPast });
  }
  const issue = eventDatesIssue(start, end);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
}

/** The time zone, the two dates, the type and the location, with their messages. */
export function WhenWhereFields<T extends FieldValues & WhenWhere>({ form: wholeForm }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation('events');
  // Only these fields are used: react-hook-form's paths can't be narrowed from a generic form's type, so the form is
  // read as the part of it that holds them.
  const form = wholeForm as unknown as UseFormReturn<WhenWhere>;
  const { errors } = form.formState;
  const shown = (name: keyof WhenWhere) => errors[name]?.message && t(errors[name].message, { ns: 'messages' });
  return (
    <>
      <EventTimeZoneField control={form.control} error={shown('timezone')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('Start date')} required error={shown('startDate')}>
          <Input type="datetime-local" {...form.register('startDate')} />
        </FormField>
        <FormField label={t('End date')} required error={shown('endDate')}>
          <Input type="datetime-local" {...form.register('endDate')} />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('Event type')}
          error={shown('eventType')}
          control={form.control}
          name="eventType"
          options={EVENT_TYPES}
          optionLabel={(type) => t(EVENT_TYPE_LABELS[type].replace(' Event', ''), { ns: 'messages' })}
        />
        <FormField label={t('Location')} error={shown('location')}>
          <Input placeholder={t('Venue, city or “Online”')} maxLength={EVENT_LIMITS.locationMax} {...form.register('location')} />
        </FormField>
      </div>
    </>
  );
}
