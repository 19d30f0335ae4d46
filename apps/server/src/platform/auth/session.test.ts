import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSessions, userRoles } from '../db/schema/auth.ts';
import { signIn, signedInUser } from '../../test/factories.ts';
import { jsonRequest, useTestServer } from '../../test/harness.ts';

// How a request's session cookie becomes its caller (platform/auth/session.ts): read in one query, yet as strict as
// Better Auth's getSession, whose path still serves bearer tokens and the daily refresh (decisions 0071 and 0155).

const server = useTestServer();

const DAY = 86_400_000;
const me = (headers: Headers) => server.request('/api/me', { headers });
const tokenOf = (headers: Headers) => decodeURIComponent(/mingle\.session_token=([^;]+)/.exec(headers.get('cookie')!)![1]!).split('.')[0]!;
const sessionRow = async (token: string) => (await server.ctx.db.select().from(authSessions).where(eq(authSessions.token, token)))[0]!;

describe('the session cookie', () => {
  it('gives the caller with the roles they hold now, not at sign-in', async () => {
    const { user, headers } = await signedInUser(server);
    const before = (await (await me(headers)).json()) as { user: { id: string; email: string }; roles: string[] };
    expect(before.user).toMatchObject({ id: user.id, email: user.email });
    expect(before.roles).not.toContain('event_owner');
    await server.ctx.db.insert(userRoles).values({ userId: user.id, role: 'event_owner' });
    expect(((await (await me(headers)).json()) as { roles: string[] }).roles).toContain('event_owner');
  });

  it('refuses a forged, truncated or unsigned cookie', async () => {
    const { headers } = await signedInUser(server);
    const token = tokenOf(headers);
    const forged = `${token}.${Buffer.alloc(32, 7).toString('base64')}`;
    for (const value of [forged, token, `${token}.`, encodeURIComponent(forged).slice(0, -6)]) {
      expect((await me(new Headers({ cookie: `mingle.session_token=${encodeURIComponent(value)}` }))).status, value).toBe(401);
    }
  });

  it('refuses a session signed out on another device at once', async () => {
    const { user, headers } = await signedInUser(server);
    const phone = await signIn(server, user);
    expect((await me(phone)).status).toBe(200);
    const revoke = await server.request('/api/auth/revoke-other-sessions', jsonRequest({}, { headers: server.browserHeaders(headers) }));
    expect(revoke.status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(headers)).status).toBe(200);
  });

  it('refuses an expired session', async () => {
    const { headers } = await signedInUser(server);
    await server.ctx.db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authSessions.token, tokenOf(headers)));
    expect((await me(headers)).status).toBe(401);
  });

  it('extends a session once a day has passed since it was made, and not before', async () => {
    const { headers } = await signedInUser(server);
    const token = tokenOf(headers);
    const fresh = (await sessionRow(token)).expiresAt.getTime();
    expect((await me(headers)).status).toBe(200);
    expect((await sessionRow(token)).expiresAt.getTime()).toBe(fresh);

    const twoDaysOld = new Date(Date.now() + 5 * DAY);
    await server.ctx.db.update(authSessions).set({ expiresAt: twoDaysOld }).where(eq(authSessions.token, token));
    expect((await me(headers)).status).toBe(200);
    expect((await sessionRow(token)).expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY);
  });

  it('leaves a visitor a visitor, and accepts the session token as a bearer token, bare or signed', async () => {
    expect((await server.request('/api/me')).status).toBe(401);
    const { user, headers } = await signedInUser(server);
    const token = tokenOf(headers);
    const signed = decodeURIComponent(/mingle\.session_token=([^;]+)/.exec(headers.get('cookie')!)![1]!);
    for (const bearer of [token, signed, encodeURIComponent(signed)]) {
      const response = await me(new Headers({ authorization: `Bearer ${bearer}` }));
      expect(response.status, bearer).toBe(200);
      expect(((await response.json()) as { user: { id: string } }).user.id).toBe(user.id);
    }
    const forged = `${token}.${Buffer.alloc(32, 9).toString('base64')}`;
    for (const bearer of [forged, 'not-a-session', `${token}.`]) {
      expect((await me(new Headers({ authorization: `Bearer ${bearer}` }))).status, bearer).toBe(401);
    }
  });
});
