import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env.ts';
import { errorBody } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Says what went wrong and where to go instead: "Invalid origin" alone left developers on 127.0.0.1 guessing. */
export function invalidOriginMessage(origin: string, publicUrl: string): string {
  return `Invalid origin: this page was opened at ${origin}, but Mingle runs at ${publicUrl}. Open ${publicUrl} instead.`;
}

/**
 * A write from a browser page on another origin is refused before any route runs, with a message that names the
 * address to use. Browsers always send Origin on such writes; API clients with a bearer token send none and pass.
 * Under /api/auth the answer has Better Auth's own error shape, which its client reads; elsewhere ours. Hono's csrf
 * and Better Auth's own checks stay behind this one.
 */
export function originCheck(allowed: readonly string[], publicUrl: string) {
  const origins = new Set(allowed);
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header('origin');
    if (SAFE_METHODS.has(c.req.method) || origin === undefined || origins.has(origin)) return next();
    const message = invalidOriginMessage(origin, publicUrl);
    if (c.req.path.startsWith('/api/auth/')) return c.json({ code: 'INVALID_ORIGIN', message }, 403);
    return c.json(errorBody('invalid_origin', message), 403);
  });
}
