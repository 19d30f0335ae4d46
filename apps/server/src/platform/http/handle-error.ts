import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import type { Logger } from '../../logger.ts';
import { errorBody, HttpError } from './errors.ts';
import { firstIssueMessage } from './validation.ts';

/** PostgreSQL's code for a unique violation: a row that exists already (a race lost to another request). */
const UNIQUE_VIOLATION = '23505';

function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps the driver's error in `cause`.
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Turns anything thrown into `{ error: { code, message } }`; the unexpected is logged, never shown. */
export function handleError(error: Error, c: Context, log: Logger) {
  if (error instanceof HttpError) return c.json(errorBody(error.code, error.message), error.status);
  if (error instanceof z.ZodError) return c.json(errorBody('validation_failed', firstIssueMessage(error)), 400);
  if (error instanceof HTTPException) {
    const status = error.status;
    const message = status === 403 ? 'Forbidden' : error.message || 'Request refused';
    return c.json(errorBody(status === 403 ? 'forbidden' : 'bad_request', message), status);
  }
  if (pgCode(error) === UNIQUE_VIOLATION) return c.json(errorBody('conflict', 'This already exists'), 409);
  log.error('unhandled error', { method: c.req.method, path: c.req.path, error: error.stack ?? String(error) });
  return c.json(errorBody('internal_error', 'Something went wrong. Please try again.'), 500);
}
