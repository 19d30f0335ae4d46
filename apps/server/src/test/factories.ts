import { randomUUID } from 'node:crypto';
import { hashPassword, makeSignature } from 'better-auth/crypto';
import type { PlatformRole } from '@mingle/shared/core/constants';
import { provisionUser } from '../platform/auth/provision.ts';
import type { AppContext } from '../context.ts';
import { authAccounts, authUsers, userRoles } from '../platform/db/schema/auth.ts';
import { jsonRequest, type TestServer } from './harness.ts';

export const TEST_PASSWORD = 'correct-horse-battery';
let hashedTestPassword: Promise<string> | undefined;

/** A unique company email, so tests never collide however they run. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@acme-test.com`;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  fullName: string;
}

/** An account as sign-up would make it (verified, terms accepted), with extra platform roles. */
export async function createUser(
  ctx: AppContext,
  options: { roles?: PlatformRole[]; fullName?: string; email?: string } = {},
): Promise<TestUser> {
  hashedTestPassword ??= hashPassword(TEST_PASSWORD);
  const email = options.email ?? uniqueEmail();
  const fullName = options.fullName ?? `Test ${email.slice(5, 12)}`;
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.insert(authUsers).values({ name: fullName, email, emailVerified: true }).returning();
    await tx
      .insert(authAccounts)
      .values({ accountId: user!.id, providerId: 'credential', userId: user!.id, password: await hashedTestPassword! });
    await provisionUser(tx, { userId: user!.id, fullName, termsAcceptedAt: new Date() });
    for (const role of options.roles ?? []) {
      await tx.insert(userRoles).values({ userId: user!.id, role }).onConflictDoNothing();
    }
    return { id: user!.id, email, password: TEST_PASSWORD, fullName };
  });
}

/** Signs in through Better Auth's real endpoint; answers the headers that carry the session cookie. */
export async function signIn(server: TestServer, user: Pick<TestUser, 'email' | 'password'>): Promise<Headers> {
  const response = await server.request(
    '/api/auth/sign-in/email',
    jsonRequest({ email: user.email, password: user.password }),
  );
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  return new Headers({ cookie: cookies.join('; ') });
}

/**
 * The headers of a new session of `userId`, made as Better Auth's own test helpers make one (its `testUtils` plugin's
 * `getAuthHeaders`): a session row through its internal adapter, its token in the session cookie signed with the
 * secret. It skips the password check, a pure-JS scrypt of about a fifth of a second per sign-in on CI's machines,
 * thousands of times a run (decision 0194); the sign-in endpoint itself is the subject of the auth tests, which call
 * `signIn`.
 */
export async function sessionHeaders(server: TestServer, userId: string): Promise<Headers> {
  const auth = await server.ctx.auth.$context;
  const session = await auth.internalAdapter.createSession(userId, false, {}, true);
  const signed = `${session.token}.${await makeSignature(session.token, auth.secret)}`;
  return new Headers({ cookie: `${auth.authCookies.sessionToken.name}=${signed}` });
}

/** A signed-in user in one call. */
export async function signedInUser(server: TestServer, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(server.ctx, options);
  return { user, headers: await sessionHeaders(server, user.id) };
}
