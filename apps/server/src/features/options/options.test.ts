import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkingGoals, professionalInterests } from '../../db/schema/networking.ts';
import { signedInUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.ctx.db.insert(professionalInterests).values([{ name: 'Zoology', isDefault: true }, { name: 'Astronomy', isDefault: true }]);
  await server.ctx.db.insert(networkingGoals).values({ name: 'Find a mentor', isDefault: true });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/options', () => {
  it('lists the global interests and goals by name for a signed-in user', async () => {
    const { headers } = await signedInUser(server);
    const response = await server.request('/api/options', { headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { interests: Array<{ name: string }>; goals: Array<{ name: string }> };
    const names = body.interests.map((option) => option.name);
    expect(names.indexOf('Astronomy')).toBeLessThan(names.indexOf('Zoology'));
    expect(body.goals.map((goal) => goal.name)).toContain('Find a mentor');
  });

  it('refuses a visitor', async () => {
    expect((await server.request('/api/options')).status).toBe(401);
  });
});
