import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from './env.ts';

/**
 * The address `hops` proxies of ours saw the request come from, as Express's `trust proxy` with a hop count reads
 * it: the socket's address when no proxy is trusted, else the X-Forwarded-For entry `hops` places from the right
 * (each proxy appends the address it saw). Entries further left were written by the client and are never believed;
 * with fewer entries than hops, the leftmost one is the best there is.
 */
export function forwardedClientIp(socketAddress: string, forwardedFor: string | undefined, hops: number): string {
  if (hops <= 0 || !forwardedFor) return socketAddress;
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return socketAddress;
  return entries[Math.max(0, entries.length - hops)]!;
}

/** The caller's address for rate limits (see forwardedClientIp). */
export function clientIp(c: Context<AppEnv>): string {
  let socketAddress = 'unknown';
  try {
    socketAddress = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
  }
  return forwardedClientIp(socketAddress, c.req.header('x-forwarded-for'), c.get('ctx').config.trustedProxyHops);
}
