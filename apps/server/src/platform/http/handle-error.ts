import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { z } from 'zod';
import type { Logger } from '../../logger.ts';
import { databaseRefusal, UNIQUE_VIOLATION } from '../db/errors.ts';
import type { AppEnv } from './env.ts';
import { errorBody, HttpError } from './errors.ts';
import { firstIssueMessage } from './validation.ts';
import { msg } from '@mingle/shared/core/messages';

/** Turns anything thrown into `{ error: { code, message } }`; the unexpected is logged, never shown. */
export function handleError(error: Error, c: Context<AppEnv>, log: Logger) {
  if (error instanceof HttpError) return c.json(errorBody(error.code, error.message), error.status);
  if (error instanceof z.ZodError) return c.json(errorBody('validation_failed', firstIssueMessage(error)), 400);
  if (error instanceof HTTPException) {
    const status = error.status;
    const message = status === 403 ? 'Forbidden' : error.message || 'Request refused';
    return c.json(errorBody(status === 403 ? 'forbidden' : 'bad_request', message), status);
  }
  // A unique violation is a race lost to another request: the row exists already.
  if (databaseRefusal(error)?.code === UNIQUE_VIOLATION) return c.json(errorBody('conflict', msg('This already exists')), 409);
  // Drizzle's error names the failed statement; the database's own words are in its cause.
  const cause = error.cause === undefined ? {} : { cause: String(error.cause) };
  // The route pattern, not the path (which may hold a token); the request id finds the request's own log line.
  const request = { requestId: c.get('requestId'), method: c.req.method, route: routePath(c) };
  log.error('unhandled error', { ...request, error: error.stack ?? String(error), ...cause });
  return c.json(errorBody('internal_error', msg('Something went wrong. Please try again.')), 500);
}
