import { allTimeZones } from '@mingle/shared/domain/time-zones';
import { type ComponentProps, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { zoneOffsetLabel } from '@/lib/datetime';

/** "(GMT−03:00) America/Sao Paulo": a zone named with its offset now. */
function zoneLabel(zone: string): string {
  return `(${zoneOffsetLabel(zone)}) ${zone.replaceAll('_', ' ')}`;
}

/**
 * Every time zone the browser knows, the spec's 13 first: a native select, which phones show as their own wheel or
 * list, in two groups. A zone not in the list (saved by a browser that knows more) is kept as the first option.
 */
export function TimeZoneSelect({ value, className, ...props }: Omit<ComponentProps<'select'>, 'children'> & { value: string }) {
  const { t } = useTranslation('locale');
  const { offered, others } = useMemo(() => allTimeZones(), []);
  const known = offered.includes(value) || others.includes(value);
  return (
    <select value={value} className={cn(fieldClassName, 'h-10 px-3 text-base sm:text-sm', className)} {...props}>
      {!known && value && <option value={value}>{zoneLabel(value)}</option>}
      <optgroup label={t('Common time zones')}>
        {offered.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabel(zone)}
          </option>
        ))}
      </optgroup>
      <optgroup label={t('All time zones')}>
        {others.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabel(zone)}
          </option>
        ))}
      </optgroup>
    </select>
  );
}
