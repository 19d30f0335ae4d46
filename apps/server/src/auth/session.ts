import { eq } from 'drizzle-orm';
import type { PlatformRole } from '@mingle/shared/constants';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { userRoles } from '../db/schema/auth.ts';
import type { AppEnv } from '../http/env.ts';
import type { Caller } from './caller.ts';

/**
 * Whether a request carries anything a session could come from: Better Auth's session cookie (`mingle.` or, over
 * HTTPS, `__Secure-mingle.` session_token) or a bearer token. A visitor's request then skips the session lookup,
 * which costs more than most of the routes visitors call (bench/http-throughput.mjs).
 */
function mayHaveSession(headers: Headers): boolean {
  return Boolean(headers.get('authorization')) || (headers.get('cookie') ?? '').includes('mingle.session_token=');
}

/** The caller of a request (cookie or bearer token), with their platform roles; null for a visitor. */
export async function resolveCaller(ctx: AppContext, headers: Headers): Promise<Caller | null> {
  if (!mayHaveSession(headers)) return null;
  const session = await ctx.auth.api.getSession({ headers });
  if (!session) return null;
  return {
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    roles: await rolesOf(ctx.db, session.user.id),
    sessionId: session.session.id,
  };
}

export async function rolesOf(db: DbOrTx, userId: string): Promise<PlatformRole[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role as PlatformRole);
}

/** Puts the caller on every API request. Authorization itself is each route's job (deny by default). */
export function sessionMiddleware(ctx: AppContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('caller', await resolveCaller(ctx, c.req.raw.headers));
    await next();
  });
}
