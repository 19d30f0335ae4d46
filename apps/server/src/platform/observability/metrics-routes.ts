import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import { isLoopbackHost, type Config } from '../../config.ts';
import { createRouter } from '../http/env.ts';
import { errorBody } from '../http/errors.ts';
import { documentRoute, errorResponses, PUBLIC } from '../http/openapi.ts';
import { msg } from '@mingle/shared/core/messages';

type Access = 'open' | 'refused' | 'off';

/**
 * Who may read /metrics (decision 0175). With METRICS_TOKEN, a scrape that sends it as a bearer token. Without, nobody
 * in production (off: 404), and anybody elsewhere while the server listens on loopback only, as the development
 * mailbox: nobody else can reach it there. A development server on another address keeps it off without a token.
 */
export function metricsAccess(config: Config, authorization: string | undefined): Access {
  if (config.metricsToken) return sameSecret(authorization ?? '', `Bearer ${config.metricsToken}`) ? 'open' : 'refused';
  return !config.isProduction && isLoopbackHost(config.host) ? 'open' : 'off';
}

/** Compared in constant time: digests of equal length, so neither the token's characters nor its length leak. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Prometheus's scrape: answered before the session (no cookie, no CSRF), guarded by its own token. */
export function metricsRoutes() {
  const router = createRouter();
  router.get('/', async (c) => {
    const ctx = c.get('ctx');
    const access = metricsAccess(ctx.config, c.req.header('authorization'));
    if (access === 'off') return c.json(errorBody('not_found', msg('Not found')), 404);
    if (access === 'refused') return c.json(errorBody('unauthorized', msg('The metrics token is missing or wrong')), 401, { 'WWW-Authenticate': 'Bearer' });
    return c.body(await ctx.metrics.render(), 200, { 'Content-Type': ctx.metrics.contentType, 'Cache-Control': 'no-store' });
  });
  documentRoute(router, {
    method: 'get',
    path: '/',
    operationId: 'platform.metrics',
    tags: ['Platform'],
    summary: 'Prometheus metrics; with METRICS_TOKEN set, only with `Authorization: Bearer <token>`, and off (404) in production without it',
    ...PUBLIC,
    responses: {
      200: { description: 'The Prometheus text exposition', content: { 'text/plain': { schema: z.string() } } },
      ...errorResponses(401, 404),
    },
  });
  return router;
}
