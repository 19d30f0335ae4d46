import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { TimeZoneSelect } from './time-zone-select';

/** The create-event form's note on whose clock its dates are read in. */
export function EventTimeZoneNote() {
  const { t } = useTranslation('locale');
  return <>{t("You become the event's owner. Dates and times are in the event's time zone.")}</>;
}

/** The event's time zone in a form that has a `timezone` field: its dates are entered and shown in it. */
export function EventTimeZoneField<T extends FieldValues & { timezone: string }>({ control, error }: { control: Control<T>; error?: string }) {
  const { t } = useTranslation('locale');
  return (
    <FormField label={t('Time zone')} required error={error} description={t('Attendees elsewhere also see their own time.')}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={'timezone' as Path<T>}
          render={({ field }) => <TimeZoneSelect {...fieldControl} {...field} />}
        />
      )}
    </FormField>
  );
}
