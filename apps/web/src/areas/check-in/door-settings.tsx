import { zodResolver } from '@hookform/resolvers/zod';
import { CHECK_IN_POINTS_MAX, checkInSettingsInputSchema, type CheckInSettingsInput } from '@mingle/shared/check-in/inputs';
import { useQuery } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SettingSwitch } from '@/components/setting-switch';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { checkInSettingsQueryOptions, useSaveCheckInSettings } from './api';

/** The organizers' door settings: the check-in points (none: one door) and whether goodies wait for a check-in. */
export function DoorSettings({ eventId }: { eventId: string }) {
  const { t } = useTranslation('check-in');
  const settings = useQuery(checkInSettingsQueryOptions(eventId));
  const save = useSaveCheckInSettings(eventId);
  const form = useForm<CheckInSettingsInput>({ resolver: zodResolver(checkInSettingsInputSchema), values: settings.data });
  const points = useFieldArray({ control: form.control, name: 'points', keyName: 'key' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(t('Check-in settings saved'));
    } catch (error) {
      toast.error(t('Error'), { description: t((error as Error).message, { ns: 'messages' }) });
    }
  });

  if (!settings.data) return <Skeleton className="h-64 rounded-xl" />;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('Check-in settings')}</CardTitle>
          <CardDescription>
            {t('Name the places where people are checked in, such as “Main entrance” or “Day 2”: a person is checked in once at each. Without points, the event has one door.')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Controller
            control={form.control}
            name="goodiesRequireCheckIn"
            render={({ field }) => (
              <SettingSwitch label={t('Goodies only after check-in')} description={t('Volunteers hand goodies only to people checked in at the door. Turn off for an event without a door.')} checked={field.value} onCheckedChange={field.onChange} />
            )}
          />
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('Check-in points')}</legend>
            {points.fields.length === 0 && <p className="text-sm text-muted-foreground">{t('No points: everyone is checked in at the one door.')}</p>}
            {points.fields.map((field, index) => (
              <div key={field.key} className="grid gap-1">
                <div className="flex gap-2">
                  <Input aria-label={t('Point {{number}} name', { number: index + 1 })} placeholder={t('Main entrance')} aria-invalid={errors.points?.[index]?.name ? true : undefined} {...form.register(`points.${index}.name`)} />
                  <Button type="button" variant="ghost" size="icon" aria-label={t('Remove point {{number}}', { number: index + 1 })} onClick={() => points.remove(index)}>
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                {errors.points?.[index]?.name && <p className="text-sm text-destructive">{t(errors.points[index].name.message ?? '', { ns: 'messages' })}</p>}
              </div>
            ))}
            {errors.points?.root?.message && <p className="text-sm text-destructive">{t(errors.points.root.message, { ns: 'messages' })}</p>}
            {errors.points?.message && <p className="text-sm text-destructive">{t(errors.points.message, { ns: 'messages' })}</p>}
            <Button type="button" variant="outline" size="sm" className="justify-self-start" disabled={points.fields.length >= CHECK_IN_POINTS_MAX} onClick={() => points.append({ name: '' })}>
              <Plus aria-hidden />
              {t('Add point')}
            </Button>
          </fieldset>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
            {!form.formState.isSubmitting && <Save aria-hidden />}
            {t('Save check-in settings')}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
