import { zodResolver } from '@hookform/resolvers/zod';
import { EVENT_LIMITS, EVENT_TYPE_LABELS, EVENT_TYPES } from '@mingle/shared/core/constants';
import { isInThePast, TIME_RULE_MESSAGES } from '@mingle/shared/domain/time-rules';
import { eventDatesIssue, eventNameSchema, eventTypeSchema } from '@mingle/shared/events/inputs';
import { CalendarPlus, Globe2, MessagesSquare, Users } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { SelectField } from '@/components/select-field';
import { PageTitle } from '@/components/ui/page-title';
import { SettingSwitch } from '@/components/setting-switch';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { fromLocalInputValue, viewerTimeZone } from '@/lib/datetime';
import { useCreateEvent } from './api';

// The form's schema: the shared rules and messages, with the dates as the viewer's local date-time inputs.
const formSchema = z
  .object({
    name: eventNameSchema,
    description: z.string().max(EVENT_LIMITS.descriptionMax, 'Description must be less than 2000 characters'),
    startDate: z.string().min(1, 'Start date is required'),
    endDate: z.string().min(1, 'End date is required'),
    eventType: eventTypeSchema,
    location: z.string().max(EVENT_LIMITS.locationMax, 'Location must be less than 200 characters'),
    allowAttendeeNetworking: z.boolean(),
    allowSessionMeetings: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const start = fromLocalInputValue(values.startDate);
    const end = fromLocalInputValue(values.endDate);
    if (!start || !end) return;
    // The server refuses a start in the past too (decision 0105).
    if (isInThePast(start)) ctx.addIssue({ code: 'custom', path: ['startDate'], message: TIME_RULE_MESSAGES.eventStartInPast });
    const issue = eventDatesIssue(start, end);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });
type FormValues = z.input<typeof formSchema>;

/** /events/create (spec 02 section 5): every field, default and rule; success goes to the dashboard. */
export function CreateEventPage() {
  return (
    <>
      <PageTitle
        back={{ to: '/dashboard', label: 'Back to Dashboard' }}
        title="Create Event"
        description="Set up the essentials now; sessions, sponsors and your landing page come next."
      />
      <CreateEventForm />
    </>
  );
}

function CreateEventForm() {
  const navigate = useNavigate();
  const createEvent = useCreateEvent();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: '',
      description: '',
      startDate: '',
      endDate: '',
      eventType: 'in_person',
      location: '',
      allowAttendeeNetworking: false,
      allowSessionMeetings: true,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await createEvent.mutateAsync({
        name: values.name,
        description: values.description,
        startDate: fromLocalInputValue(values.startDate)!.toISOString(),
        endDate: fromLocalInputValue(values.endDate)!.toISOString(),
        eventType: values.eventType,
        location: values.location,
        allowAttendeeNetworking: values.allowAttendeeNetworking,
        allowSessionMeetings: values.allowSessionMeetings,
      });
      toast.success('Success', { description: 'Event created successfully' });
      await navigate('/dashboard');
    } catch (error) {
      toast.error('Error', { description: error instanceof ApiError ? error.message : 'Failed to create event' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <CalendarPlus aria-hidden className="size-5 text-brand-600" />
            Event details
          </CardTitle>
          <CardDescription>You become the event's owner. Times are in your time zone ({viewerTimeZone()}).</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField label="Event name" required error={errors.name?.message}>
            <Input placeholder="e.g. Product Summit 2026" maxLength={EVENT_LIMITS.nameMax} {...form.register('name')} />
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            <Textarea
              rows={4}
              showCount
              maxLength={EVENT_LIMITS.descriptionMax}
              placeholder="What is it about, and who should come?"
              {...form.register('description')}
            />
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Start date" required error={errors.startDate?.message}>
              <Input type="datetime-local" {...form.register('startDate')} />
            </FormField>
            <FormField label="End date" required error={errors.endDate?.message}>
              <Input type="datetime-local" {...form.register('endDate')} />
            </FormField>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label="Event type"
              error={errors.eventType?.message}
              control={form.control}
              name="eventType"
              options={EVENT_TYPES}
              optionLabel={(type) => EVENT_TYPE_LABELS[type].replace(' Event', '')}
            />
            <FormField label="Location" error={errors.location?.message}>
              <Input placeholder="Venue, city or “Online”" maxLength={EVENT_LIMITS.locationMax} {...form.register('location')} />
            </FormField>
          </div>

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Networking</legend>
            <Controller
              control={form.control}
              name="allowAttendeeNetworking"
              render={({ field }) => (
                <SettingSwitch icon={Users} label="Allow attendee networking" description="Attendees can discover and connect with each other." checked={field.value} onCheckedChange={field.onChange} />
              )}
            />
            <Controller
              control={form.control}
              name="allowSessionMeetings"
              render={({ field }) => (
                <SettingSwitch icon={MessagesSquare} label="Allow session meetings" description="Attendees can request 1:1 meetings during the event." checked={field.value} onCheckedChange={field.onChange} />
              )}
            />
          </fieldset>
        </CardContent>
        <CardFooter className="justify-end gap-2">
          <Link to="/dashboard" className={buttonVariants({ variant: 'outline' })}>
            Cancel
          </Link>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {!form.formState.isSubmitting && <Globe2 aria-hidden />}
            Create Event
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
