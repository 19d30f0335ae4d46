import type { z } from 'zod';
import { ApiError } from './api';
import { loadMessages, translateMessage } from './messages';
import { toast } from './toast';
import { i18n } from './i18n';

/** The first message of each field of a failed parse: what a form shows under each control. */
export function fieldErrors<TField extends string = string>(error: {
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>;
}): Partial<Record<TField, string>> {
  const errors: Partial<Record<TField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field !== undefined) errors[String(field) as TField] ??= issue.message;
  }
  return errors;
}

/**
 * Checks a form's input with the route's own schema, so the form and the route answer with the same message:
 * on failure each field shows its first message, the first of all is toasted, and the result is null.
 */
export function validateForm<TSchema extends z.ZodType, TField extends string>(
  schema: TSchema,
  input: unknown,
  setErrors: (errors: Partial<Record<TField, string>>) => void,
): z.output<TSchema> | null {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    setErrors(fieldErrors<TField>(parsed.error));
    const first = parsed.error.issues[0]?.message;
    // The fields translate their messages as they show them (FormField); the toast waits for the messages to load.
    void loadMessages().then(() => toast.error(i18n.t('Validation Error'), { description: first && translateMessage(first) }));
    return null;
  }
  setErrors({});
  return parsed.data;
}

/** A failed save: the server's own message when it refused the input, the form's fallback otherwise. */
export function toastSaveError(error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.code === 'validation_failed') {
    toast.error(i18n.t('Validation Error'), { description: error.message });
  } else {
    toast.error(i18n.t('Error'), { description: fallback });
  }
}
