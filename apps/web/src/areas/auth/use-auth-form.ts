import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@/lib/form-errors';
import type * as AuthSchemas from './auth-schemas';
import { loadAuthSchemas } from './lazy';

type SchemaName = 'signInSchema';
type Values<N extends SchemaName> = z.input<(typeof AuthSchemas)[N]>;
type Field<N extends SchemaName> = keyof Values<N> & string;

/**
 * The sign-in form's state, checked with the shared schema, in the way react-hook-form checks the other forms (its
 * defaults): nothing is checked before the first submit; a submit checks every field, shows each one's first
 * message and focuses the first field in error; after that, each change checks its own field again. The fields are
 * controlled inputs. Without react-hook-form (15 kB gzip) the form /auth opens on paints sooner (decision 0190).
 */
export function useAuthForm<N extends SchemaName>(schemaName: N, defaultValues: Values<N>) {
  const [values, setValues] = useState<Values<N>>(defaultValues);
  const [errors, setErrors] = useState<Partial<Record<Field<N>, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const latest = useRef(values);
  const submitted = useRef(false);
  // In the order the fields are drawn: the first one in error gets the focus.
  const inputs = useRef(new Map<Field<N>, HTMLInputElement | null>());
  // A check answered after a newer one started for the same field is dropped.
  const checks = useRef(new Map<Field<N>, number>());

  async function check(input: Values<N>) {
    const schema = (await loadAuthSchemas())[schemaName];
    return schema.safeParse(input);
  }

  function setValue(name: Field<N>, value: string) {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
  }

  function register(name: Field<N>) {
    return {
      name,
      value: values[name],
      ref: (element: HTMLInputElement | null) => void inputs.current.set(name, element),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setValue(name, event.target.value);
        if (!submitted.current) return;
        const count = (checks.current.get(name) ?? 0) + 1;
        checks.current.set(name, count);
        void check(latest.current).then((result) => {
          if (checks.current.get(name) !== count) return;
          const message = result.success ? undefined : fieldErrors<Field<N>>(result.error)[name];
          setErrors((current) => ({ ...current, [name]: message }));
        });
      },
    };
  }

  /** The submit handler: `onValid` gets the schema's output (a trimmed, lower-case email) once every field passes. */
  function handleSubmit(onValid: (data: z.output<(typeof AuthSchemas)[N]>) => Promise<void>) {
    return async (event: FormEvent) => {
      event.preventDefault();
      submitted.current = true;
      checks.current.clear(); // the submit's own check answers for every field

      setSubmitting(true);
      try {
        const result = await check(latest.current);
        if (!result.success) {
          const found = fieldErrors<Field<N>>(result.error);
          setErrors(found);
          const first = [...inputs.current.keys()].find((name) => found[name] !== undefined);
          if (first !== undefined) inputs.current.get(first)?.focus();
          return;
        }
        setErrors({});
        await onValid(result.data);
      } finally {
        setSubmitting(false);
      }
    };
  }

  return { errors, isSubmitting, register, setValue, handleSubmit, getValue: (name: Field<N>) => latest.current[name] };
}
