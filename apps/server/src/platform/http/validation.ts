import type { Hook } from '@hono/zod-openapi';
import type { z } from 'zod';
import { errorBody } from './errors.ts';

/** The first message of a failed schema, as the spec shows it (one message under "Validation Error"). */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const validationHook: Hook<any, any, any, any> = (result, c) => {
  if (!result.success) {
    return c.json(errorBody('validation_failed', firstIssueMessage(result.error)), 400);
  }
};
