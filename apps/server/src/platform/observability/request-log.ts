import type { Context, MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import type { AppContext } from '../../context.ts';
import type { AppEnv } from '../http/env.ts';

/** nginx's `$request_id` is 32 hex digits and a UUID 36 characters: room for those and any sane proxy's. */
const MAX_REQUEST_ID_LENGTH = 64;
const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Polled every few seconds by every load balancer: at debug level only, so they do not flood the log. Their metrics
 * are still counted (one label set each).
 */
const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * The request id (sent back in X-Request-Id), then one log line and one metric observation per request: method,
 * matched route pattern (never the raw path, which holds ids and tokens), status, duration and request id. Nothing
 * the client sent besides the method is logged: no query string, header, body or address (decision 0175). Goes
 * first, so it times everything: `app.use('*', ...observeRequests(ctx))`. Two middleware handed to Hono as they are,
 * not joined into one by `hono/combine`'s `every`, which composes its list anew on every request (3 µs of a health
 * check's 100).
 */
export function observeRequests(ctx: AppContext): [MiddlewareHandler<AppEnv>, MiddlewareHandler<AppEnv>] {
  return [requestIds(ctx.config.trustedProxyHops > 0), requestLog(ctx)];
}

function requestLog(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const id = c.get('requestId');
    // Before the handler, as Hono's own request-id middleware does: every answer Hono makes (c.json, c.body, an
    // error's) carries the context's headers. Set after, it copied each answer whole, turning @hono/node-server's
    // light answer into a full Response: the health check answered half as many requests a second (decision 0195).
    // A handler that makes its own Response adds `requestIdHeader(c)` (the health check) or passes it through
    // `c.newResponse` (Better Auth's routes).
    c.header(REQUEST_ID_HEADER, id);
    await next();
    const durationMs = performance.now() - started;
    // After next(), the route index is that of the handler (or middleware) that answered; a path that matched no
    // route still names a registered pattern (`*`, `/api/*`), so the labels stay as few as the routes.
    const route = routePath(c);
    const { method } = c.req;
    const status = c.res.status;
    ctx.metrics.observeRequest(method, route, status, durationMs / 1000);
    const line = { requestId: id, method, route, status, durationMs: Math.round(durationMs * 10) / 10 };
    if (PROBES.has(route)) ctx.log.debug('request', line);
    else ctx.log.info('request', line);
  };
}

/** The request id header for a Response a handler makes itself, which the context's headers do not reach. */
export function requestIdHeader(c: Context<AppEnv>): Record<string, string> {
  return { [REQUEST_ID_HEADER]: c.get('requestId') };
}

/**
 * Hono's request id. An incoming X-Request-Id is kept only from a proxy of ours (nginx sets `$request_id`), and only
 * when short and of letters, digits, `_`, `-` and `=` (Hono's check: it cannot break a log line); a client's own is
 * replaced, so nobody outside can make their request look like another's.
 */
function requestIds(fromProxy: boolean): MiddlewareHandler {
  return requestId({ limitLength: MAX_REQUEST_ID_LENGTH, headerName: fromProxy ? REQUEST_ID_HEADER : '' });
}
