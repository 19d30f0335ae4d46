import { zodResolver } from '@hookform/resolvers/zod';
import type { EventWithViewer } from '@mingle/shared/events/contract';
import { CAPACITY_MAX, registrationWindowIssue } from '@mingle/shared/events/inputs';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { useUpdateEvent } from '@/areas/events';
import { SettingSwitch } from '@/components/setting-switch';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { fromLocalInputValue, toLocalInputValue, viewerTimeZone } from '@/lib/datetime';
import { registrationKeys } from './api';
import { useTranslation } from 'react-i18next';

// The form's schema: the shared capacity rule (as typed text, empty for unlimited) and window rule, with the window
// as the viewer's local date-time inputs.
const formSchema = z
  .object({
    registrationOpen: z.boolean(),
    capacity: z
      .string()
      .trim()
      .refine((value) => value === '' || /^\d+$/.test(value), 'Capacity must be a whole number')
      .refine((value) => value === '' || Number(value) >= 1, 'Capacity must be at least 1')
      .refine((value) => value === '' || Number(value) <= CAPACITY_MAX, 'Capacity must be at most 1,000,000'),
    opensAt: z.string(),
    closesAt: z.string(),
  })
  .superRefine((values, ctx) => {
    const issue = registrationWindowIssue(fromLocalInputValue(values.opensAt), fromLocalInputValue(values.closesAt));
    if (issue) ctx.addIssue({ code: 'custom', path: ['closesAt'], message: issue });
  });
type FormValues = z.input<typeof formSchema>;

const local = (iso: string | null) => (iso ? toLocalInputValue(new Date(iso)) : '');

/** Registration's settings, saved through the event: open or closed, places (empty is unlimited), and the window. */
export function RegistrationSettings({ event }: { event: EventWithViewer }) {
  const { t } = useTranslation('registrations');
  const update = useUpdateEvent(event.id);
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    values: {
      registrationOpen: event.registrationOpen,
      capacity: event.capacity === null ? '' : String(event.capacity),
      opensAt: local(event.registrationOpensAt),
      closesAt: local(event.registrationClosesAt),
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        registrationOpen: values.registrationOpen,
        capacity: values.capacity.trim() === '' ? null : Number(values.capacity),
        registrationOpensAt: fromLocalInputValue(values.opensAt)?.toISOString() ?? null,
        registrationClosesAt: fromLocalInputValue(values.closesAt)?.toISOString() ?? null,
      });
      toast.success(t('Registration settings saved'));
      await queryClient.invalidateQueries({ queryKey: registrationKeys.all(event.id) });
    } catch (error) {
      toast.error(t('Error'), { description: t((error as Error).message, { ns: 'messages' }) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('Registration settings')}</CardTitle>
          <CardDescription>
            {t(
              'When the event is full, new registrations join the waitlist, and a cancelled place goes to the person waiting longest. Times are in your time zone ({{zone}}).',
              { zone: viewerTimeZone() },
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Controller
            control={form.control}
            name="registrationOpen"
            render={({ field }) => (
              <SettingSwitch
                label={t('Registration open')}
                description={t('Anyone signed in can register while it is open and inside the dates below. Invited people can always join.')} checked={field.value} onCheckedChange={field.onChange} />
            )}
          />
          <FormField label={t('Capacity')} description={t('Leave empty for unlimited places.')} error={errors.capacity?.message && t(errors.capacity.message, { ns: 'messages' })}>
            <Input inputMode="numeric" placeholder={t('Unlimited')} className="max-w-48" {...form.register('capacity')} />
          </FormField>
          <div className="grid gap-5">
            <FormField label={t('Registration opens')} description={t('Empty: as soon as it is switched on.')} error={errors.opensAt?.message && t(errors.opensAt.message, { ns: 'messages' })}>
              <Input type="datetime-local" {...form.register('opensAt')} />
            </FormField>
            <FormField label={t('Registration closes')} description={t('Empty: when the event ends.')} error={errors.closesAt?.message && t(errors.closesAt.message, { ns: 'messages' })}>
              <Input type="datetime-local" {...form.register('closesAt')} />
            </FormField>
          </div>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
            {!form.formState.isSubmitting && <Save aria-hidden />}
            {t('Save settings')}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
