import { eq, sql } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import { createMiddleware } from 'hono/factory';
import type { PlatformRole } from '@mingle/shared/core/constants';
import type { AppContext } from '../../context.ts';
import { preparedQuery } from '../db/prepared.ts';
import { userRoles } from '../db/schema/auth.ts';
import type { AppEnv } from '../http/env.ts';
import type { Caller } from './caller.ts';

/**
 * Whether a request carries anything a session could come from: Better Auth's session cookie (`mingle.` or, over
 * HTTPS, `__Secure-mingle.` session_token) or a bearer token. A visitor's request then skips the session lookup,
 * which costs more than most of the routes visitors call (bench/http-throughput.mjs). It only avoids work: whatever
 * it lets through, Better Auth judges.
 */
function mayHaveSession(headers: Headers): boolean {
  return Boolean(headers.get('authorization')) || (headers.get('cookie') ?? '').includes('mingle.session_token=');
}

/**
 * The caller of a request (cookie or bearer token), with their platform roles; null for a visitor.
 *
 * The session is Better Auth's own getSession (decision 0155): its bearer plugin, its signed cookie with every secret
 * it knows, its expiry and its daily extension, so an upgrade or a rotated secret cannot leave us behind. It reads
 * the session row live: the cookie cache is bypassed even if it is ever turned on, so a session revoked on another
 * device is refused by the next request. The roles follow in one prepared query, also live.
 */
export async function resolveCaller(ctx: AppContext, headers: Headers): Promise<Caller | null> {
  if (!mayHaveSession(headers)) return null;
  const session = await currentSession(ctx, headers);
  if (!session) return null;
  const rows = await callerRolesQuery(ctx.db).execute({ userId: session.user.id });
  return {
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    roles: rows.map((row) => row.role as PlatformRole),
    sessionId: session.session.id,
  };
}

async function currentSession(ctx: AppContext, headers: Headers) {
  try {
    return await ctx.auth.api.getSession({ headers, query: { disableCookieCache: true } });
  } catch (error) {
    // A session deleted while getSession was extending it: Better Auth answers 401, and the caller is a visitor.
    if (isAPIError(error) && error.statusCode === 401) return null;
    throw error;
  }
}

/** A user's platform roles, by user id. */
const callerRolesQuery = preparedQuery('mingle_caller_roles', (db) =>
  db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, sql.placeholder('userId'))),
);

/** Puts the caller on every API request. Authorization itself is each route's job (deny by default). */
export function sessionMiddleware(ctx: AppContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('caller', await resolveCaller(ctx, c.req.raw.headers));
    await next();
  });
}
