import { useState } from 'react';
import type { z } from 'zod';

/**
 * A small form state for the support forms: values, the first message per field from the shared schema (the same
 * rules the server applies), and a submit that validates first.
 */
export function useZodForm<S extends z.ZodObject>(schema: S, initial: Record<keyof z.input<S>, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof z.input<S>, string>>>({});
  const set = (field: keyof z.input<S>) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const validate = (): z.output<S> | null => {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: Partial<Record<keyof z.input<S>, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof z.input<S>;
      next[field] ??= issue.message;
    }
    setErrors(next);
    return null;
  };
  const reset = () => {
    setValues(initial);
    setErrors({});
  };
  return { values, errors, set, validate, reset };
}
