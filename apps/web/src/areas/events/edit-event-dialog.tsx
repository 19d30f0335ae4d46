import { zodResolver } from '@hookform/resolvers/zod';
import { EVENT_LIMITS } from '@mingle/shared/core/constants';
import type { EventDto } from '@mingle/shared/events/contract';
import { fromWallTime, toWallTime } from '@mingle/shared/domain/time-zones';
import { eventNameSchema, type UpdateEventInput } from '@mingle/shared/events/inputs';
import type { TFunction } from 'i18next';
import { Save } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useUpdateEvent } from './api';
import { checkEventDates, whenWhereShape, WhenWhereFields } from './event-fields';

type EditableEvent = Pick<EventDto, 'id' | 'name' | 'startDate' | 'endDate' | 'eventType' | 'timezone' | 'location'>;

// The create form's fields and rules (event-fields.tsx). A date may not move into the past; one left as it was may be
// past (an event under way).
const buildFormSchema = (t: TFunction<'events'>, event: EditableEvent) =>
  z.object({ name: eventNameSchema, ...whenWhereShape(t) }).superRefine((values, ctx) => checkEventDates(values, ctx, event.startDate));
type FormValues = z.input<ReturnType<typeof buildFormSchema>>;

/** Edit event: its name, time zone, dates, type and location (the landing page's texts have their own dialog). */
export function EditEventDialog({ event, open, onOpenChange }: { event: EditableEvent; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('events');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('Edit event')}</DialogTitle>
          <DialogDescription>{t("Dates and times are in the event's time zone.")}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the saved values. */}
        {open && <EditEventForm event={event} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EditEventForm({ event, onDone }: { event: EditableEvent; onDone: () => void }) {
  const { t } = useTranslation('events');
  const update = useUpdateEvent(event.id);
  const formSchema = useMemo(() => buildFormSchema(t, event), [t, event]);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: event.name,
      timezone: event.timezone,
      startDate: toWallTime(event.startDate, event.timezone),
      endDate: toWallTime(event.endDate, event.timezone),
      eventType: event.eventType,
      location: event.location ?? '',
    },
  });
  const { errors } = form.formState;
  const shown = (message: string | undefined) => message && t(message, { ns: 'messages' });

  const onSubmit = form.handleSubmit(async (values) => {
    const startDate = fromWallTime(values.startDate, values.timezone)!.toISOString();
    const endDate = fromWallTime(values.endDate, values.timezone)!.toISOString();
    // Unchanged dates are not sent: the server checks a date that moves, and an event under way keeps its start.
    const changes: UpdateEventInput = { name: values.name, timezone: values.timezone, eventType: values.eventType, location: values.location };
    if (startDate !== event.startDate) changes.startDate = startDate;
    if (endDate !== event.endDate) changes.endDate = endDate;
    try {
      await update.mutateAsync(changes);
      toast.success(t('Event updated'));
      onDone();
    } catch (error) {
      toast.error(t('Error'), { description: t((error as Error).message, { ns: 'messages' }) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField label={t('Event name')} required error={shown(errors.name?.message)}>
        <Input maxLength={EVENT_LIMITS.nameMax} {...form.register('name')} />
      </FormField>
      <WhenWhereFields form={form} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {!form.formState.isSubmitting && <Save aria-hidden />}
          {t('Save Changes')}
        </Button>
      </DialogFooter>
    </form>
  );
}
