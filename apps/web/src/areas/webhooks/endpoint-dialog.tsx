import type { WebhookEndpointDto } from '@mingle/shared/webhooks/contract';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@mingle/shared/webhooks/events';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX, webhookEndpointInputSchema } from '@mingle/shared/webhooks/inputs';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toastSaveError, validateForm } from '@/lib/form-errors';
import { useCreateWebhook, useUpdateWebhook } from './api';

interface FormValues {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
}

interface EndpointDialogProps {
  eventId: string;
  /** The endpoint being edited; null to add one. */
  endpoint: WebhookEndpointDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add or edit a webhook endpoint: its URL, a note for the organizers, and the event types it receives. */
export function EndpointDialog({ eventId, endpoint, open, onOpenChange }: EndpointDialogProps) {
  const { t } = useTranslation('webhooks');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{endpoint ? t('Edit endpoint') : t('Add endpoint')}</DialogTitle>
          <DialogDescription>{t('Mingle sends a signed POST request to this URL each time one of the chosen things happens at this event.')}</DialogDescription>
        </DialogHeader>
        {open && <EndpointForm key={endpoint?.id ?? 'new'} eventId={eventId} endpoint={endpoint} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EndpointForm({ eventId, endpoint, onDone }: { eventId: string; endpoint: WebhookEndpointDto | null; onDone: () => void }) {
  const { t } = useTranslation('webhooks');
  // The shared rules' messages are translated from the `messages` namespace.
  const shown = (message: string | undefined) => message && t(message, { ns: 'messages' });
  const create = useCreateWebhook(eventId);
  const update = useUpdateWebhook(eventId);
  const form = useForm<FormValues>({
    defaultValues: { url: endpoint?.url ?? '', description: endpoint?.description ?? '', eventTypes: endpoint?.eventTypes ?? [] },
  });
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});

  const onSubmit = form.handleSubmit(async (values) => {
    const input = validateForm(webhookEndpointInputSchema, values, setErrors);
    if (!input) return;
    try {
      if (endpoint) await update.mutateAsync({ endpointId: endpoint.id, input });
      else await create.mutateAsync(input);
      toast.success(endpoint ? t('Endpoint saved') : t('Endpoint added'), {
        description: endpoint ? undefined : t('Copy its signing secret to verify the deliveries, then send a test ping.'),
      });
      onDone();
    } catch (error) {
      toastSaveError(error, t('Failed to save the endpoint'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField label={t('Endpoint URL')} required error={shown(errors.url)} description={t('An https:// address your system listens on.')}>
        <Input type="url" inputMode="url" autoComplete="off" maxLength={WEBHOOK_URL_MAX} placeholder="https://example.com/webhooks/mingle" {...form.register('url')} />
      </FormField>
      <FormField label={t('Description')} error={shown(errors.description)} description={t('Optional: what receives it, for the other organizers.')}>
        <Input maxLength={WEBHOOK_DESCRIPTION_MAX} placeholder={t('e.g. CRM leads')} {...form.register('description')} />
      </FormField>
      <Controller
        control={form.control}
        name="eventTypes"
        render={({ field }) => {
          const chosen = new Set(field.value);
          const all = chosen.size === WEBHOOK_EVENT_TYPES.length;
          const toggle = (type: WebhookEventType, on: boolean) =>
            field.onChange(WEBHOOK_EVENT_TYPES.filter((each) => (each === type ? on : chosen.has(each))));
          return (
            <fieldset className="grid gap-3" aria-describedby={errors.eventTypes ? 'event-types-error' : undefined}>
              <div className="flex items-center justify-between gap-2">
                <legend className="text-sm font-medium">
                  {t('Event types')} <span className="text-destructive">*</span>
                </legend>
                <Button type="button" variant="link" size="sm" onClick={() => field.onChange(all ? [] : [...WEBHOOK_EVENT_TYPES])}>
                  {all ? t('Clear all') : t('Select all')}
                </Button>
              </div>
              <div className="grid gap-x-4 gap-y-2.5 rounded-lg border border-border p-4 sm:grid-cols-2">
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <label key={type} className="flex cursor-pointer items-start gap-2.5 text-sm">
                    <Checkbox checked={chosen.has(type)} onCheckedChange={(on) => toggle(type, on === true)} className="mt-0.5" />
                    <span className="grid">
                      <span className="font-medium">{t(WEBHOOK_EVENT_LABELS[type], { ns: 'messages' })}</span>
                      <code className="text-xs text-muted-foreground">{type}</code>
                    </span>
                  </label>
                ))}
              </div>
              {errors.eventTypes && (
                <p id="event-types-error" className="text-sm text-destructive">
                  {shown(errors.eventTypes)}
                </p>
              )}
            </fieldset>
          );
        }}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {endpoint ? t('Save endpoint') : t('Add endpoint')}
        </Button>
      </DialogFooter>
    </form>
  );
}
