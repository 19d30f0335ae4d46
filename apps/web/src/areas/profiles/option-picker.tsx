import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { Option } from './types';

interface OptionPickerProps {
  legend: string;
  description?: string;
  options: Option[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  required?: boolean;
}

/** Interests or goals as toggle chips in a fieldset (spec 01: at least one of each, marked required). */
export function OptionPicker({ legend, description, options, value, onChange, error, required }: OptionPickerProps) {
  const { t } = useTranslation('profiles');
  const errorId = useId();
  const descriptionId = useId();
  const selected = new Set(value.map((name) => name.toLowerCase()));

  function toggle(name: string) {
    onChange(selected.has(name.toLowerCase()) ? value.filter((item) => item.toLowerCase() !== name.toLowerCase()) : [...value, name]);
  }

  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={[description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium leading-snug">
        {legend}
        {required && (
          <span aria-hidden className="ml-0.5 text-destructive">
            *
          </span>
        )}
        {required && <span className="sr-only"> {t('(required)')}</span>}
      </legend>
      {description && (
        <p id={descriptionId} className="-mt-1 text-sm text-muted-foreground">
          {description}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const on = selected.has(option.name.toLowerCase());
          return (
            <button
              key={option.id}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(option.name)}
              className={cn(
                'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                on
                  ? 'border-primary bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover'
                  : 'border-input bg-background text-foreground hover:border-brand-300 hover:bg-accent',
              )}
            >
              {on && <Check aria-hidden className="size-3.5" strokeWidth={3} />}
              {option.name}
            </button>
          );
        })}
      </div>
      {error && (
        <p id={errorId} aria-live="polite" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
