import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { parse as parseCookies } from 'hono/utils/cookie';
import type { PlatformRole } from '@mingle/shared/constants';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import { authSessions, authUsers, userRoles } from '../db/schema/auth.ts';
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

/**
 * The caller of a request (cookie or bearer token), with their platform roles; null for a visitor.
 *
 * A browser's session cookie is read here in one query (session, user and roles together) instead of Better Auth's
 * getSession plus a roles query: every signed-in request pays for it, and it was most of a goodie scan's cost
 * (decision 0071). The cookie is verified exactly as Better Auth signs it, the session row is read live (a revoked
 * or expired session is refused at once), and everything else takes Better Auth's own path: bearer tokens, and a
 * session due for its daily refresh, which getSession extends.
 */
export async function resolveCaller(ctx: AppContext, headers: Headers): Promise<Caller | null> {
  if (!mayHaveSession(headers)) return null;
  if (!headers.get('authorization')) {
    const token = await signedSessionToken(ctx, headers.get('cookie') ?? '');
    if (token === null) return null;
    const [row] = await callerSessionQuery(ctx.db).execute({ token });
    if (!row) return null;
    if (!(await dueForRefresh(ctx, row.expiresAt))) {
      return { userId: row.userId, email: row.email, name: row.name, roles: row.roles, sessionId: row.sessionId };
    }
  }
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

/** The session, its user and their roles, by session token. */
const callerSessionQuery = preparedQuery('mingle_caller_session', (db) =>
  db
    .select({
      sessionId: authSessions.id,
      expiresAt: authSessions.expiresAt,
      userId: authUsers.id,
      email: authUsers.email,
      name: authUsers.name,
      roles: sql<PlatformRole[]>`array(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${authUsers.id})`,
    })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(and(eq(authSessions.token, sql.placeholder('token')), gt(authSessions.expiresAt, sql`now()`))),
);

/**
 * The session token of the request's session cookie when its signature is Better Auth's (base64 HMAC-SHA256 of the
 * token with the auth secret, after a dot); null when the cookie is missing or forged.
 */
async function signedSessionToken(ctx: AppContext, cookieHeader: string): Promise<string | null> {
  const { authCookies, secret } = await ctx.auth.$context;
  const name = authCookies.sessionToken.name;
  const value = parseCookies(cookieHeader, name)[name];
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** Better Auth's own rule: a session is extended once `updateAge` has passed since it was made or last extended. */
async function dueForRefresh(ctx: AppContext, expiresAt: Date): Promise<boolean> {
  const { expiresIn, updateAge } = (await ctx.auth.$context).sessionConfig;
  return expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= Date.now();
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
