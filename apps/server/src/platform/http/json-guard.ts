import { JSON_MAX_DEPTH, JSON_TOO_DEEP_MESSAGE, NUL_CHARACTER_MESSAGE } from '@mingle/shared/core/constants';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env.ts';
import { errorBody, HttpError } from './errors.ts';
import { msg } from '@mingle/shared/core/messages';

export const JSON_TOO_LARGE_MESSAGE = msg('The request is too large');
/** Far above any form of ours (the longest text is a 10,000-character message); uploads are multipart, not JSON. */
const JSON_BODY_MAX = 1024 * 1024;

/**
 * What is wrong with a parsed JSON value, if anything: nested deeper than JSON_MAX_DEPTH, or a NUL character in any
 * string, key or value. The walk keeps its own stack: a recursive one overflowed Node's stack on a body of
 * 100,000 nested arrays (and a 500), and validators further on recurse too, so depth is refused here first.
 */
function problemWith(value: unknown): 'too_deep' | 'nul' | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length) {
    const { value: item, depth } = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\0')) return 'nul';
    } else if (item && typeof item === 'object') {
      if (depth >= JSON_MAX_DEPTH) return 'too_deep';
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\0')) return 'nul';
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return null;
}

const limitJson = bodyLimit({
  maxSize: JSON_BODY_MAX,
  onError: (c) => c.json(errorBody('payload_too_large', JSON_TOO_LARGE_MESSAGE), 413),
});

/**
 * What every API request goes through before its route's validator:
 * - a JSON body is at most 1 MB, so nobody makes the server parse a huge document;
 * - it nests at most JSON_MAX_DEPTH levels (deeper is a 400, never a stack overflow);
 * - no text may carry the NUL character (`"\u0000"` in JSON, `%00` in the URL). PostgreSQL text cannot hold it: the
 *   query would fail with an encoding error and the caller get a 500. No text a person types contains it, so it is
 *   refused with a 400 (found by platform/http/fuzz-write-routes.test.ts). Multipart text fields check it in their schema.
 * The JSON body is parsed once here; Hono caches it for the route's validator. A body that is not JSON is left to
 * the validator's 400.
 */
export function jsonGuard() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (/%00/i.test(c.req.url)) return c.json(errorBody('validation_failed', NUL_CHARACTER_MESSAGE), 400);
    if (!(c.req.header('content-type') ?? '').includes('application/json')) return next();
    return limitJson(c, async () => {
      const body: unknown = await c.req.json().catch(() => undefined);
      const problem = problemWith(body);
      if (problem === 'nul') throw new HttpError(400, 'validation_failed', NUL_CHARACTER_MESSAGE);
      if (problem === 'too_deep') throw new HttpError(400, 'validation_failed', JSON_TOO_DEEP_MESSAGE);
      await next();
    });
  });
}
