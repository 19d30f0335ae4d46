import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { parse as parseCookies } from 'hono/utils/cookie';
import type { PlatformRole } from '@mingle/shared/core/constants';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../../context.ts';
import type { Database, DbOrTx } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import { authSessions, authUsers, userRoles } from '../db/schema/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { apiKeyCaller, apiKeyOf } from './api-key.ts';
import { rolesColumn, type Caller } from './caller.ts';

/**
 * Whether a request carries anything a session could come from: Better Auth's session cookie (`mingle.` or, over
 * HTTPS, `__Secure-mingle.` session_token) or a bearer token. A visitor's request then skips the session lookup,
 * which costs more than most of the routes visitors call (bench/http-throughput.mjs).
 */
function mayHaveSession(headers: Headers): boolean {
  return Boolean(headers.get('authorization')) || (headers.get('cookie') ?? '').includes('mingle.session_token=');
}

/**
 * A read that travels in the session's own statement: for a request whose path names a thing (an event's id), the
 * caller's standing with it comes back with the session, so the route's first query is already answered (one round
 * trip instead of two; decision 0158). The platform knows only this shape; the area that owns the thing fills it in.
 */
export interface SessionCompanion<Alongside> {
  /** The key the request's path gives (the event id of `/api/events/:eventId/...`), or null when it gives none. */
  keyOf(path: string): string | null;
  /** The caller's session (`callerSessionColumns`, `liveSession`) and the companion's read, in one statement. */
  read(db: Database, token: string, key: string): Promise<{ session: CallerSessionRow; alongside: Alongside } | undefined>;
  /** Hands the read to the request's caller (a caller object lives exactly as long as its request). */
  keep(caller: Caller, key: string, alongside: Alongside): void;
}

/**
 * The caller of a request (an API key, or a session's cookie or bearer token), with their platform roles; null for a
 * visitor. A key that does not hold is a 401 (api-key.ts).
 *
 * The session is read here in one query (session, user and roles together) instead of Better Auth's getSession
 * plus a roles query: every signed-in request pays for it, and it was most of a goodie scan's cost (decision 0071).
 * The token is taken and verified exactly as Better Auth takes it (its bearer plugin first, then the signed cookie),
 * the session row is read live (a revoked or expired session is refused at once), and a session due for its daily
 * extension goes through getSession, which extends it. With a companion whose key the path gives, its read comes
 * in the same statement.
 */
export async function resolveCaller<Alongside>(
  ctx: AppContext,
  headers: Headers,
  along?: { path: string; companion: SessionCompanion<Alongside> },
): Promise<Caller | null> {
  const apiKey = apiKeyOf(headers);
  if (apiKey !== null) return apiKeyCaller(ctx, apiKey);
  if (!mayHaveSession(headers)) return null;
  const { authCookies, secret } = await ctx.auth.$context;
  const cookieName = authCookies.sessionToken.name;
  const token = bearerSessionToken(headers.get('authorization'), secret) ?? signedValue(parseCookies(headers.get('cookie') ?? '', cookieName)[cookieName], secret);
  if (token === null) return null;
  const key = along ? along.companion.keyOf(along.path) : null;
  if (along && key !== null) {
    const read = await along.companion.read(ctx.db, token, key);
    if (!read) return null;
    const caller = await callerOf(ctx, headers, read.session);
    if (caller?.userId === read.session.userId) along.companion.keep(caller, key, read.alongside);
    return caller;
  }
  const [row] = await callerSessionQuery(ctx.db).execute({ token });
  return row ? callerOf(ctx, headers, row) : null;
}

/** The caller of a live session row; one due for its daily extension is extended through Better Auth's getSession. */
async function callerOf(ctx: AppContext, headers: Headers, row: CallerSessionRow): Promise<Caller | null> {
  if (!(await dueForRefresh(ctx, row.expiresAt))) {
    return { userId: row.userId, email: row.email, name: row.name, roles: row.roles, sessionId: row.sessionId };
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

/** The caller's columns of a session statement: the session, its user and their roles (from auth_sessions join users). */
export const callerSessionColumns = {
  sessionId: authSessions.id,
  expiresAt: authSessions.expiresAt,
  userId: authUsers.id,
  email: authUsers.email,
  name: authUsers.name,
  roles: rolesColumn(authUsers.id),
};

/** The session whose token is `token`, still live; a session statement reads `auth_sessions` joined to its user. */
export function liveSession(token: Placeholder | string): SQL {
  return and(eq(authSessions.token, token), gt(authSessions.expiresAt, sql`now()`))!;
}

/** The session, its user and their roles, by session token. */
const callerSessionQuery = preparedQuery('mingle_caller_session', (db) =>
  db
    .select(callerSessionColumns)
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(liveSession(sql.placeholder('token'))),
);

/** A row of `callerSessionColumns`. */
export type CallerSessionRow = Awaited<ReturnType<ReturnType<typeof callerSessionQuery>['execute']>>[number];

/**
 * The session token of an `Authorization: Bearer` header, as Better Auth's bearer plugin reads it: a signed token
 * (`token.signature`, possibly URI-encoded) when its signature holds, or a bare session token; null otherwise, and
 * then the plugin, like this, falls back to the cookie.
 */
function bearerSessionToken(authorization: string | null, secret: string): string | null {
  if (!authorization || authorization.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  const value = authorization.slice(7).trim();
  if (!value) return null;
  if (!value.includes('.')) return value;
  try {
    return signedValue(value.includes('%') ? decodeURIComponent(value) : value, secret);
  } catch {
    return null;
  }
}

/**
 * The value of a Better Auth signed cookie or token (`value.signature`, the signature being HMAC-SHA256 of the value
 * with the auth secret, base64 or base64url) when the signature holds; null when missing or forged.
 */
function signedValue(signed: string | undefined, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1), 'base64'); // reads base64url too
  const expected = createHmac('sha256', secret).update(value).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
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

/**
 * Puts the caller on every API request, with the companion's read where the path gives its key. Authorization itself
 * is each route's job (deny by default).
 */
export function sessionMiddleware<Alongside>(ctx: AppContext, companion?: SessionCompanion<Alongside>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('caller', await resolveCaller(ctx, c.req.raw.headers, companion && { path: c.req.path, companion }));
    await next();
  });
}
