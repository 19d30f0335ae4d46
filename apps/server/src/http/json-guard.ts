import { NUL_CHARACTER_MESSAGE } from '@mingle/shared/constants';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env.ts';
import { errorBody, HttpError } from './errors.ts';

export const JSON_TOO_LARGE_MESSAGE = 'The request is too large';
/** Far above any form of ours (the longest text is a 10,000-character message); uploads are multipart, not JSON. */
const JSON_BODY_MAX = 1024 * 1024;

/** Whether a parsed JSON value holds a NUL character in any string, key or value, at any depth. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes('\0') || holdsNul(item));
  return false;
}

const limitJson = bodyLimit({
  maxSize: JSON_BODY_MAX,
  onError: (c) => c.json(errorBody('payload_too_large', JSON_TOO_LARGE_MESSAGE), 413),
});

/**
 * What every API request goes through before its route's validator:
 * - a JSON body is at most 1 MB, so nobody makes the server parse a huge document;
 * - no text may carry the NUL character (`"\u0000"` in JSON, `%00` in the URL). PostgreSQL text cannot hold it: the
 *   query would fail with an encoding error and the caller get a 500. No text a person types contains it, so it is
 *   refused with a 400 (found by http/fuzz-write-routes.test.ts). Multipart text fields check it in their schema.
 * The JSON body is parsed once here; Hono caches it for the route's validator. A body that is not JSON is left to
 * the validator's 400.
 */
export function jsonGuard() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (/%00/i.test(c.req.url)) return c.json(errorBody('validation_failed', NUL_CHARACTER_MESSAGE), 400);
    if (!(c.req.header('content-type') ?? '').includes('application/json')) return next();
    return limitJson(c, async () => {
      const body: unknown = await c.req.json().catch(() => undefined);
      if (holdsNul(body)) throw new HttpError(400, 'validation_failed', NUL_CHARACTER_MESSAGE);
      await next();
    });
  });
}
