import { Slot } from 'radix-ui';
import { type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { useTranslateMessage } from '@/lib/messages';
import { Label } from './label';

/** What the control needs to be tied to its label, hint and error for screen readers. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

interface FormFieldProps {
  label: ReactNode;
  /** The validation message to show under the control, if any. */
  error?: string;
  /** A hint under the label, always visible. */
  description?: ReactNode;
  /** Marks the label with a red asterisk and the control with aria-required. */
  required?: boolean;
  id?: string;
  className?: string;
  /**
   * The control. A single element (Input, Textarea) gets the props passed in; for a composite control such as
   * Select, whose focusable part is nested, pass a function and spread the props onto that part.
   */
  children: ReactElement | ((control: FieldControlProps) => ReactNode);
}

export function FormField({ label, error, description, required, id, className, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  };

  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={controlId}>
        {label}
        {required && (
          <span aria-hidden className="ml-0.5 text-destructive">
            *
          </span>
        )}
      </Label>
      {description && (
        <p id={descriptionId} className="-mt-0.5 text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {typeof children === 'function' ? children(control) : <Slot.Root {...control}>{children}</Slot.Root>}
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}

/** A field's message in the reader's language: shown at once, translated as soon as the messages have loaded. */
function FieldError({ id, message }: { id?: string; message: string }) {
  const translate = useTranslateMessage();
  return (
    <p id={id} aria-live="polite" className="text-sm font-medium text-destructive">
      {translate(message)}
    </p>
  );
}
