import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { fieldClassName } from './input';

interface CodeInputProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'maxLength' | 'type'> {
  value: string;
  onValueChange: (value: string) => void;
  /** How many digits the code has (6 for sign-up and authenticator codes). */
  length?: number;
}

/**
 * A one-time code: digits only, never more than `length` while typing (letters and spaces of a pasted code are
 * dropped), with the numeric keypad on phones and the browser's "code from Messages/Mail" suggestion.
 */
export function CodeInput({ value, onValueChange, length = 6, className, ...props }: CodeInputProps) {
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`\\d{${length}}`}
      maxLength={length}
      spellCheck={false}
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, length))}
      placeholder={'•'.repeat(length)}
      className={cn(
        fieldClassName,
        'h-14 px-4 text-center font-mono text-2xl font-semibold tracking-[0.5em] tabular-nums',
        'placeholder:tracking-[0.5em] placeholder:text-muted-foreground/50',
        className,
      )}
      {...props}
    />
  );
}
