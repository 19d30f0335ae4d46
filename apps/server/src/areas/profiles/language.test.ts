import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authUsers } from '../../platform/db/schema/auth.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

// A person's language on the account (decision 0184).

const server = useTestServer();

const languageOf = async (userId: string) =>
  (await server.ctx.db.select({ language: authUsers.language }).from(authUsers).where(eq(authUsers.id, userId)))[0]?.language;

describe('PUT /api/me/language', () => {
  it('keeps the caller’s own language, which /api/me answers', async () => {
    const { user, headers } = await signedInUser(server);
    const me = async () => ((await (await server.send('GET', '/api/me', headers)).json()) as { user: { language: string | null } }).user.language;
    expect(await me()).toBeNull();
    const saved = await server.send('PUT', '/api/me/language', headers, { language: 'de' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ language: 'de' });
    expect(await languageOf(user.id)).toBe('de');
    expect(await me()).toBe('de');
  });

  it('changes only the caller’s own account: there is no one else’s to name', async () => {
    const [anna, ben] = await Promise.all([signedInUser(server), signedInUser(server)]);
    await server.send('PUT', '/api/me/language', ben.headers, { language: 'es' });
    expect((await server.send('PUT', '/api/me/language', anna.headers, { language: 'fr', userId: ben.user.id })).status).toBe(200);
    expect(await languageOf(anna.user.id)).toBe('fr');
    expect(await languageOf(ben.user.id)).toBe('es');
  });

  it('refuses a visitor and a language we do not speak, and writes nothing', async () => {
    const { user, headers } = await signedInUser(server);
    await server.send('PUT', '/api/me/language', headers, { language: 'fr' });
    await expectNothingWritten(
      () => languageOf(user.id),
      async () => {
        for (const language of ['it', 'DE', '', null, 7]) {
          const refused = await server.send('PUT', '/api/me/language', headers, { language });
          expect(refused.status).toBe(400);
          expect((await errorOf(refused)).message).toBe('Please choose a language');
        }
        expect((await server.send('PUT', '/api/me/language', headers, {})).status).toBe(400);
        expect((await server.send('PUT', '/api/me/language', undefined, { language: 'de' })).status).toBe(401);
      },
    );
  });
});
