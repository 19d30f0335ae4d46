import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { startTestServer, useTestServer, type TestServer } from '../../test/harness.ts';

const signInFrom = (server: TestServer, origin: string, user: { email: string; password: string }) =>
  server.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });

describe('origins a development server accepts', () => {
  const server = useTestServer({ NODE_ENV: 'development', PORT: '3000' });

  it('signs in from both loopback names of the same server', async () => {
    const user = await createUser(server.ctx);
    expect((await signInFrom(server, 'http://localhost:3000', user)).status).toBe(200);
    expect((await signInFrom(server, 'http://127.0.0.1:3000', user)).status).toBe(200);
  });

  it('refuses any other origin with a message that names where Mingle runs', async () => {
    const user = await createUser(server.ctx);
    const refused = await signInFrom(server, 'http://192.168.1.20:3000', user);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 'INVALID_ORIGIN',
      message: 'Invalid origin: this page was opened at http://192.168.1.20:3000, but Mingle runs at http://localhost:3000. Open http://localhost:3000 instead.',
    });
    const elsewhere = await server.request('/api/me/terms', { method: 'POST', headers: { origin: 'https://evil.example.com' } });
    expect(elsewhere.status).toBe(403);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe('invalid_origin');
  });
});

describe('the development mailbox on an address others can reach', () => {
  it('does not exist unless DEV_MAILBOX=true names it', async () => {
    const exposed = await startTestServer({ NODE_ENV: 'development', HOST: '0.0.0.0' });
    try {
      expect((await exposed.request('/api/dev/mailbox')).status).toBe(404);
    } finally {
      await exposed.close();
    }
    const named = await startTestServer({ NODE_ENV: 'development', HOST: '0.0.0.0', DEV_MAILBOX: 'true' });
    try {
      expect((await named.request('/api/dev/mailbox')).status).toBe(200);
    } finally {
      await named.close();
    }
  });
});
