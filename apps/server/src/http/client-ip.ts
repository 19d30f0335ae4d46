import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from './env.ts';

/** Set by us on requests handed to Better Auth; any inbound value is overwritten. */
export const CLIENT_IP_HEADER = 'x-mingle-client-ip';

/** The caller's address for rate limits: the socket's, or X-Forwarded-For's first entry behind a trusted proxy. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get('ctx').config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}
