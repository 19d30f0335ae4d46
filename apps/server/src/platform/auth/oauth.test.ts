import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, startTestServer, type TestServer } from '../../test/harness.ts';

let withProviders: TestServer;
let withoutProviders: TestServer;
beforeAll(async () => {
  withProviders = await startTestServer({
    GITHUB_CLIENT_ID: 'gh-client',
    GITHUB_CLIENT_SECRET: 'gh-secret',
    LINKEDIN_CLIENT_ID: 'li-client',
    LINKEDIN_CLIENT_SECRET: 'li-secret',
  });
  withoutProviders = await startTestServer();
});
afterAll(async () => {
  await withProviders?.close();
  await withoutProviders?.close();
});

const startSocial = (server: TestServer, provider: string) =>
  server.request('/api/auth/sign-in/social', jsonRequest({ provider, callbackURL: '/dashboard' }));

describe('GitHub and LinkedIn sign-in', () => {
  it('sends the browser to the provider when its credentials are set', async () => {
    const github = await startSocial(withProviders, 'github');
    expect(github.status).toBe(200);
    const { url } = (await github.json()) as { url: string };
    expect(new URL(url).host).toBe('github.com');
    expect(new URL(url).searchParams.get('client_id')).toBe('gh-client');

    const linkedin = await startSocial(withProviders, 'linkedin');
    expect(linkedin.status).toBe(200);
    expect(new URL(((await linkedin.json()) as { url: string }).url).host).toBe('www.linkedin.com');
  });

  it('refuses a provider that is not configured with a client error', async () => {
    const response = await startSocial(withoutProviders, 'github');
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
