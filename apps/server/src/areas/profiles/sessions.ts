import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { SessionCaller } from '../../platform/auth/caller.ts';
import type { AppContext } from '../../context.ts';
import { authSessions } from '../../platform/db/schema/auth.ts';
import { notFound } from '../../platform/http/errors.ts';
import { isUuid } from '../../platform/db/sql.ts';
import { msg } from '@mingle/shared/core/messages';

// The devices signed in to the caller's account (Better Auth's session rows), listed and signed out here rather
// than through Better Auth's list-sessions and revoke-session, which hand every session's token to the browser
// (a bearer credential for each device). These answer ids only, always scoped to the caller.

/** The caller's active sessions, the current one first, then by last activity. */
export async function listDevices(ctx: AppContext, caller: SessionCaller) {
  const rows = await ctx.db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      ipAddress: authSessions.ipAddress,
      createdAt: authSessions.createdAt,
      lastActiveAt: authSessions.updatedAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, caller.userId), gt(authSessions.expiresAt, sql`now()`)))
    .orderBy(desc(authSessions.updatedAt), desc(authSessions.id));
  const devices = rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === caller.sessionId,
  }));
  return { devices: [...devices.filter((device) => device.current), ...devices.filter((device) => !device.current)] };
}

/** Signs one of the caller's devices out; another user's session is a 404, as if it did not exist. */
export async function signOutDevice(ctx: AppContext, caller: SessionCaller, sessionId: string) {
  if (!isUuid(sessionId)) throw notFound(msg('Device not found'));
  const deleted = await ctx.db
    .delete(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, caller.userId)))
    .returning({ id: authSessions.id });
  if (deleted.length === 0) throw notFound(msg('Device not found'));
  return { signedOut: 1 };
}

/** Signs out every device of the caller but the one making the request. */
export async function signOutOtherDevices(ctx: AppContext, caller: SessionCaller) {
  const deleted = await ctx.db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, caller.userId), ne(authSessions.id, caller.sessionId)))
    .returning({ id: authSessions.id });
  return { signedOut: deleted.length };
}
