import { useId, type ComponentType } from 'react';
import { Switch } from '@/components/ui/switch';

/**
 * An on/off setting of a form: its name, a sentence on what it does (the switch's description for screen readers),
 * and the switch, on a tinted panel; an icon in front where the form shows one.
 */
export function SettingSwitch({
  label,
  description,
  checked,
  onCheckedChange,
  icon: Icon,
}: {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-border bg-subtle p-4">
      {Icon && (
        <div className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon aria-hidden className="size-4.5" />
        </div>
      )}
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-description`} checked={checked} onCheckedChange={onCheckedChange} />
    </div>
  );
}
