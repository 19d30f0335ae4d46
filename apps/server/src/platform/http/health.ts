import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppContext } from '../../context.ts';
import { requestIdHeader } from '../observability/request-log.ts';
import type { AppEnv } from './env.ts';
import { documentRoute, jsonResponse, PUBLIC } from './openapi.ts';
import { securityHeadersForJson } from './security-headers.ts';

/**
 * Liveness and readiness, polled every few seconds by every load balancer and orchestrator of every process: they
 * come before all other middleware, none of which they need (no body, no caller, no state change) (decision 0074),
 * and carry the security headers as a plain record, the middleware's own (decision 0164).
 *
 * - `/api/health` (liveness, and what it always answered): the process runs, its database answers and it hears the
 *   live bus. A stopping process stays healthy, so that an orchestrator does not kill it while it drains.
 * - `/api/ready` (readiness): the same, and the process is not shutting down. It turns 503 the moment SIGTERM
 *   arrives, while the process still serves for SHUTDOWN_DELAY_MS, so load balancers send new work elsewhere first
 *   (decision 0179).
 */

const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ kind: z.string(), status: z.enum(['up', 'down']) }),
    live: z.object({ status: z.enum(['up', 'down']) }),
  })
  .openapi('Health');

const readinessSchema = z
  .object({
    ready: z.boolean(),
    /** Why not, when not ready. */
    reason: z.enum(['shutting down', 'database down', 'live bus down']).optional(),
  })
  .openapi('Readiness');

/** The app contexts whose process began shutting down (main.ts marks its own; tests build many contexts). */
const shuttingDown = new WeakSet<AppContext>();

/** From now on /api/ready answers 503 for this context. */
export function beginShutdown(ctx: AppContext): void {
  shuttingDown.add(ctx);
}

export function isShuttingDown(ctx: AppContext): boolean {
  return shuttingDown.has(ctx);
}

/** Whether the database answers and this process hears the live bus (while its LISTEN reconnects, people on this
 * process would miss every live update, so the load balancer should send them elsewhere). */
async function dependencies(ctx: AppContext): Promise<{ database: 'up' | 'down'; live: 'up' | 'down' }> {
  const live = ctx.live.isListening() ? 'up' : 'down';
  try {
    await ctx.database.ping();
    return { database: 'up', live };
  } catch {
    return { database: 'down', live };
  }
}

/** A plain record of headers keeps the answer on @hono/node-server's fast path (decisions 0164, 0195). */
async function answer(c: Context<AppEnv>, body: object, status: number): Promise<Response> {
  return new Response(JSON.stringify(body), { status, headers: { ...(await securityHeadersForJson()), ...requestIdHeader(c) } });
}

/** Registers /api/health and /api/ready on `app`, before any middleware, with their API-document entries. */
export function healthRoutes(app: OpenAPIHono<AppEnv>, ctx: AppContext): void {
  app.get('/api/health', async (c) => {
    const { database, live } = await dependencies(ctx);
    const ok = database === 'up' && live === 'up';
    const body = { status: ok ? 'ok' : 'degraded', database: { kind: ctx.database.kind, status: database }, live: { status: live } };
    return answer(c, body, ok ? 200 : 503);
  });
  documentRoute(app, {
    method: 'get',
    path: '/api/health',
    operationId: 'platform.health',
    tags: ['Platform'],
    summary: 'Liveness: the database answers and this process hears the live bus (503 when not); stays 200 while the process drains',
    ...PUBLIC,
    responses: { 200: jsonResponse(healthSchema, 'Healthy'), 503: jsonResponse(healthSchema, 'Degraded') },
  });

  app.get('/api/ready', async (c) => {
    if (isShuttingDown(ctx)) return answer(c, { ready: false, reason: 'shutting down' }, 503);
    const { database, live } = await dependencies(ctx);
    if (database === 'down') return answer(c, { ready: false, reason: 'database down' }, 503);
    if (live === 'down') return answer(c, { ready: false, reason: 'live bus down' }, 503);
    return answer(c, { ready: true }, 200);
  });
  documentRoute(app, {
    method: 'get',
    path: '/api/ready',
    operationId: 'platform.ready',
    tags: ['Platform'],
    summary: 'Readiness: send this process traffic (503 once it began shutting down, or while its database or live bus is down)',
    ...PUBLIC,
    responses: { 200: jsonResponse(readinessSchema, 'Ready'), 503: jsonResponse(readinessSchema, 'Not ready') },
  });
}
