import {
  FIX_VALIDATION_MESSAGE,
  TICKET_CREATED_MESSAGE,
  ticketCreateFailedMessage,
  type TicketInput,
} from '@mingle/shared/support/inputs';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/lib/messages';
import { eventListQueryOptions } from '@/areas/events';
import { createTicket } from './api';
import type { dashboardTicketSchema, supportPageTicketSchema } from './ticket-schemas';
import { useZodForm } from './use-zod-form';

/** The dashboard form's four types (a flat `as const` map of English texts, so that the extractor finds them). */
const DASHBOARD_TICKET_TYPE_LABELS = {
  support: 'Support',
  bug: 'Bug',
  feedback_to_developers: 'Feedback to Developers',
  feature_request: 'Feature Request',
} as const;

/** The select's value for a ticket about no event (Radix selects take no empty value). */
const NO_EVENT = 'none';

/**
 * The ticket form (spec 02 "Support ticket"): email, name, optional phone, subject, description. The support page
 * fixes the type (its cards choose it); the dashboard form offers its four types in a select (`chooseType`).
 */
export function TicketForm({
  schema,
  ticketType,
  chooseType = false,
  defaults,
  onDone,
}: {
  schema: typeof dashboardTicketSchema | typeof supportPageTicketSchema;
  ticketType: TicketInput['ticketType'];
  chooseType?: boolean;
  defaults: { email: string; fullName: string };
  onDone?: () => void;
}) {
  const { t } = useTranslation('support');
  const form = useZodForm(schema, { ...defaults, phone: '', subject: '', description: '', ticketType, eventId: '' });
  // The events the ticket may be about (decision 0092): those the user takes part in; its organizers then handle it.
  const events = useInfiniteQuery(eventListQueryOptions('participating'));
  const myEvents = events.data?.pages.flatMap((page) => page.events) ?? [];
  const create = useMutation({
    mutationFn: (input: TicketInput) => createTicket(input),
    onSuccess: () => {
      toast.success(t(TICKET_CREATED_MESSAGE, { ns: 'messages' }));
      form.reset();
      onDone?.();
    },
    onError: (error) => toast.error(translateMessage(ticketCreateFailedMessage(error.message))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) {
      toast.error(t(FIX_VALIDATION_MESSAGE, { ns: 'messages' }));
      return;
    }
    create.mutate(input);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('Full Name')} required error={form.errors.fullName}>
          <Input value={form.values.fullName} onChange={(e) => form.set('fullName')(e.target.value)} autoComplete="name" />
        </FormField>
        <FormField label={t('Email')} required error={form.errors.email}>
          <Input type="email" value={form.values.email} onChange={(e) => form.set('email')(e.target.value)} autoComplete="email" />
        </FormField>
      </div>
      <FormField label={t('Phone (optional)')} error={form.errors.phone}>
        <Input type="tel" value={form.values.phone} onChange={(e) => form.set('phone')(e.target.value)} autoComplete="tel" />
      </FormField>
      {chooseType && (
        <FormField label={t('Ticket Type')} required error={form.errors.ticketType}>
          {(control) => (
            <Select value={form.values.ticketType} onValueChange={form.set('ticketType')}>
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(DASHBOARD_TICKET_TYPE_LABELS) as (keyof typeof DASHBOARD_TICKET_TYPE_LABELS)[]).map((value) => (
                  <SelectItem key={value} value={value}>
                    {t(DASHBOARD_TICKET_TYPE_LABELS[value])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      )}
      {myEvents.length > 0 && (
        <FormField label={t('Event (optional)')} error={form.errors.eventId}>
          {(control) => (
            <Select value={form.values.eventId || NO_EVENT} onValueChange={(value) => form.set('eventId')(value === NO_EVENT ? '' : value)}>
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_EVENT}>{t('No specific event')}</SelectItem>
                {myEvents.map((event) => (
                  <SelectItem key={event.id} value={event.id}>
                    {event.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      )}
      <FormField label={t('Subject')} required error={form.errors.subject}>
        <Input value={form.values.subject} onChange={(e) => form.set('subject')(e.target.value)} maxLength={200} />
      </FormField>
      <FormField label={t('Description')} required error={form.errors.description}>
        <Textarea value={form.values.description} onChange={(e) => form.set('description')(e.target.value)} rows={6} maxLength={5000} showCount />
      </FormField>
      <div>
        <Button type="submit" loading={create.isPending}>
          {t('Submit Ticket')}
        </Button>
      </div>
    </form>
  );
}
