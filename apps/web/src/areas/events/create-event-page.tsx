import { zodResolver } from '@hookform/resolvers/zod';
import { EVENT_LIMITS } from '@mingle/shared/core/constants';
import { fromWallTime, isTimeZone } from '@mingle/shared/domain/time-zones';
import { eventNameSchema } from '@mingle/shared/events/inputs';
import { CalendarPlus, Globe2, MessagesSquare, Users } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { EventTimeZoneNote } from '@/components/event-time-zone-field';
import { PageTitle } from '@/components/ui/page-title';
import { SettingSwitch } from '@/components/setting-switch';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { viewerTimeZone } from '@/lib/datetime';
import { useCreateEvent } from './api';
import { checkEventDates, whenWhereShape, WhenWhereFields } from './event-fields';

// The form's schema: the shared rules and messages, with when and where as the Edit event dialog has them
// (event-fields.tsx). Its own messages are written in the interface's language; the shared ones are translated where
// they are shown.
const buildFormSchema = (t: TFunction<'events'>) =>
  z
    .object({
      name: eventNameSchema,
      description: z.string().max(EVENT_LIMITS.descriptionMax, t('Description must be less than 2000 characters')),
      ...whenWhereShape(t),
      allowAttendeeNetworking: z.boolean(),
      allowSessionMeetings: z.boolean(),
    })
    .superRefine((values, ctx) => checkEventDates(values, ctx));
type FormValues = z.input<ReturnType<typeof buildFormSchema>>;

/** /events/create (spec 02 section 5): every field, default and rule; success goes to the dashboard. */
export function CreateEventPage() {
  const { t } = useTranslation('events');
  return (
    <>
      <PageTitle
        back={{ to: '/dashboard', label: t('Back to Dashboard') }}
        title={t('Create Event')}
        description={t('Set up the essentials now; sessions, sponsors and your landing page come next.')}
      />
      <CreateEventForm />
    </>
  );
}

function CreateEventForm() {
  const { t } = useTranslation('events');
  const navigate = useNavigate();
  const createEvent = useCreateEvent();
  const formSchema = useMemo(() => buildFormSchema(t), [t]);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: '',
      description: '',
      startDate: '',
      endDate: '',
      eventType: 'in_person',
      // The organizer's own zone to start with, when it is one the server accepts.
      timezone: isTimeZone(viewerTimeZone()) ? viewerTimeZone() : 'UTC',
      location: '',
      allowAttendeeNetworking: false,
      allowSessionMeetings: true,
    },
  });
  const { errors } = form.formState;
  // The shared rules' messages are translated from the `messages` namespace; the form's own are already translated.
  const shown = (message: string | undefined) => message && t(message, { ns: 'messages' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await createEvent.mutateAsync({
        name: values.name,
        description: values.description,
        startDate: fromWallTime(values.startDate, values.timezone)!.toISOString(),
        endDate: fromWallTime(values.endDate, values.timezone)!.toISOString(),
        eventType: values.eventType,
        timezone: values.timezone,
        location: values.location,
        allowAttendeeNetworking: values.allowAttendeeNetworking,
        allowSessionMeetings: values.allowSessionMeetings,
      });
      toast.success(t('Success'), { description: t('Event created successfully') });
      // The dashboard lists events by start date, a page at a time: it shows the new one first until its page is loaded.
      await navigate('/dashboard', { state: { createdEventId: created.id } });
    } catch (error) {
      toast.error(t('Error'), { description: error instanceof ApiError ? t(error.message, { ns: 'messages' }) : t('Failed to create event') });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <CalendarPlus aria-hidden className="size-5 text-brand-600" />
            {t('Event details')}
          </CardTitle>
          <CardDescription>
            <EventTimeZoneNote />
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField label={t('Event name')} required error={shown(errors.name?.message)}>
            <Input placeholder={t('e.g. Product Summit 2026')} maxLength={EVENT_LIMITS.nameMax} {...form.register('name')} />
          </FormField>
          <FormField label={t('Description')} error={shown(errors.description?.message)}>
            <Textarea
              rows={4}
              showCount
              maxLength={EVENT_LIMITS.descriptionMax}
              placeholder={t('What is it about, and who should come?')}
              {...form.register('description')}
            />
          </FormField>
          <WhenWhereFields form={form} />

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">{t('Networking')}</legend>
            <Controller
              control={form.control}
              name="allowAttendeeNetworking"
              render={({ field }) => (
                <SettingSwitch icon={Users} label={t('Allow attendee networking')} description={t('Attendees can discover and connect with each other.')} checked={field.value} onCheckedChange={field.onChange} />
              )}
            />
            <Controller
              control={form.control}
              name="allowSessionMeetings"
              render={({ field }) => (
                <SettingSwitch icon={MessagesSquare} label={t('Allow session meetings')} description={t('Attendees can request 1:1 meetings during the event.')} checked={field.value} onCheckedChange={field.onChange} />
              )}
            />
          </fieldset>
        </CardContent>
        <CardFooter className="justify-end gap-2">
          <Link to="/dashboard" className={buttonVariants({ variant: 'outline' })}>
            {t('Cancel')}
          </Link>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {!form.formState.isSubmitting && <Globe2 aria-hidden />}
            {t('Create Event')}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
