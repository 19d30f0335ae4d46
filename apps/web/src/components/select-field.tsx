import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues, type PathValue } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

interface SelectFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>, TOption extends PathValue<TValues, TName> & string> {
  label: ReactNode;
  error?: string;
  required?: boolean;
  control: Control<TValues>;
  name: TName;
  /** The values offered, in order; each is what the form field holds when it is chosen. */
  options: readonly TOption[];
  optionLabel: (option: TOption) => ReactNode;
  /** Shown while the field is empty. */
  placeholder?: string;
}

/** A labelled select bound to a react-hook-form field: one choice out of a fixed list of string values. */
export function SelectField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TOption extends PathValue<TValues, TName> & string,
>({
  label,
  error,
  required,
  control,
  name,
  options,
  optionLabel,
  placeholder,
}: SelectFieldProps<TValues, TName, TOption>) {
  return (
    <FormField label={label} required={required} error={error}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            // An empty field shows the placeholder.
            <Select value={(field.value as string) || undefined} onValueChange={field.onChange}>
              <SelectTrigger {...fieldControl} onBlur={field.onBlur} ref={field.ref}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option} value={option}>
                    {optionLabel(option)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </FormField>
  );
}
