import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authUsers } from '../db/schema/auth.ts';
import { signedInUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';

const server = useTestServer();

/** Better Auth's own account routes, called directly as an attacker would, with the session cookie. */
async function call(headers: Headers, path: string, body: unknown) {
  return server.send('POST', `/api/auth${path}`, new Headers({ ...Object.fromEntries(headers), 'content-type': 'application/json' }), body);
}

describe("Better Auth's account-field routes", () => {
  it.each([
    ['a name with a newline and a link', { name: 'Grace\nVisit https://evil.example' }],
    ['a 200,000-character name', { name: 'x'.repeat(200_000) }],
    ['a javascript: image', { image: 'javascript:alert(1)' }],
    ['a plain name change', { name: 'Someone Else' }],
  ])('refuses update-user with %s, and nothing is written', async (_label, body) => {
    const { user, headers } = await signedInUser(server);
    const response = await call(headers, '/update-user', body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const [row] = await server.ctx.db.select().from(authUsers).where(eq(authUsers.id, user.id));
    expect(row?.name).toBe(user.fullName);
    expect(row?.image).toBeNull();
  });

  it('refuses change-email and delete-user', async () => {
    const { user, headers } = await signedInUser(server);
    const changed = await call(headers, '/change-email', { newEmail: 'taken-over@acme-test.com' });
    expect(changed.status).toBe(404);
    const deleted = await call(headers, '/delete-user', {});
    expect(deleted.status).toBe(404);
    const [row] = await server.ctx.db.select().from(authUsers).where(eq(authUsers.id, user.id));
    expect(row?.email).toBe(user.email);
  });

  it("keeps the user-update hook as a second lock: Better Auth's own adapter may not write an image or odd name", async () => {
    const { user } = await signedInUser(server);
    const internal = (await server.ctx.auth.$context).internalAdapter;
    await expect(internal.updateUser(user.id, { image: 'javascript:alert(1)' })).rejects.toThrow();
    await expect(internal.updateUser(user.id, { name: 'two\nlines' })).rejects.toThrow();
    await expect(internal.updateUser(user.id, { email: 'other@acme-test.com' })).rejects.toThrow();
    const [row] = await server.ctx.db.select().from(authUsers).where(eq(authUsers.id, user.id));
    expect(row).toMatchObject({ name: user.fullName, image: null, email: user.email });
  });
});
