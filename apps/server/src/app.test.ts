import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { openDatabase } from './platform/db/client.ts';
import { createUser, signedInUser, signIn } from './test/factories.ts';
import { jsonRequest, useTestServer } from './test/harness.ts';

const server = useTestServer();

describe('the API shell', () => {
  it('answers health with the database state', async () => {
    const response = await server.request('/api/health');
    expect(response.status).toBe(200);
    // Its headers are written from a record (decision 0164): the very ones the middleware puts on any other JSON answer.
    const other = await server.request('/api/nothing-here');
    // Each answer has its own request id (decision 0175).
    const headersOf = (answer: Response) => Object.fromEntries([...answer.headers].filter(([name]) => name !== 'content-length' && name !== 'x-request-id'));
    expect(headersOf(response)).toEqual(headersOf(other));
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({
      status: 'ok',
      database: { kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', status: 'up' },
      live: { status: 'up' },
    });
  });

  it('answers health with a 503 while the process does not hear the live bus', async () => {
    const deaf = { ...server.ctx.live, isListening: () => false };
    const response = await createApp({ ...server.ctx, live: deaf }).request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'degraded',
      database: { kind: server.ctx.database.kind, status: 'up' },
      live: { status: 'down' },
    });
  });

  it('answers health with a 503 when the database does not answer', async () => {
    const gone = await openDatabase({ url: process.env.TEST_DATABASE_URL });
    await gone.close();
    const response = await createApp({ ...server.ctx, database: gone }).request('/api/health');
    expect(response.status).toBe(503);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(await response.json()).toEqual({ status: 'degraded', database: { kind: gone.kind, status: 'down' }, live: { status: 'up' } });
  });

  it('matches every route with the RegExpRouter, which refuses routes it cannot tell apart', () => {
    // Building a method's matcher throws UnsupportedPathError on a conflict (decision 0075).
    const methods = new Set(server.app.routes.map((route) => route.method).filter((method) => method !== 'ALL'));
    for (const method of methods) expect(() => server.app.router.match(method, '/api/health')).not.toThrow();
    expect(server.app.router.name).toBe('RegExpRouter');
    expect(server.app.router.match('GET', '/api/meetings/calendar/abc')[0].length).toBeGreaterThan(0);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await server.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('answers malformed JSON with a 400 that shows no internals', async () => {
    const response = await server.request('/api/signup/code', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"fullName": ',
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain('"error"');
    expect(text).not.toMatch(/at .*\.ts|node_modules|select |insert /i);
  });

  it('publishes an OpenAPI document and its browsable page', async () => {
    const document = (await (await server.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/signup/code', '/api/signup/verify', '/api/signup/complete', '/api/me', '/api/me/terms']),
    );
    const page = await server.request('/api/docs');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/docs/swagger-ui-bundle.js');
    const bundle = await server.request('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    const init = await server.request('/api/docs/init.js');
    expect(init.headers.get('content-type')).toContain('javascript');
    expect(await init.text()).toContain("url: '/api/openapi.json'");
    for (const unknown of ['index.html', 'constructor', 'package.json']) {
      expect((await server.request(`/api/docs/${unknown}`)).status).toBe(404);
    }
  });

  it('serves an uploaded image with its own locked-down headers', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    const stored = await server.ctx.storage.putImage(png, { folder: 'test', maxBytes: 1_000_000, maxDimension: 64 });
    const response = await server.request(stored.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends security headers', async () => {
    const response = await server.request('/api/me');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('/api/me', () => {
  it('refuses a visitor', async () => {
    const response = await server.request('/api/me');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });

  it('shows the caller their own account with roles, by cookie or by bearer token', async () => {
    const user = await createUser(server.ctx, { roles: ['event_owner'] });
    const cookie = await signIn(server, user);
    const me = (await (await server.request('/api/me', { headers: cookie })).json()) as {
      user: { id: string; email: string };
      roles: string[];
    };
    expect(me.user).toMatchObject({ id: user.id, email: user.email });
    expect(me.roles.sort()).toEqual(['event_owner', 'registered_user']);

    const signInResponse = await server.request('/api/auth/sign-in/email', jsonRequest({ email: user.email, password: user.password }));
    const token = signInResponse.headers.get('set-auth-token');
    expect(token).toBeTruthy();
    const byBearer = await server.request('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect(byBearer.status).toBe(200);
  });

  it('stamps the terms for the caller only', async () => {
    const { user, headers } = await signedInUser(server);
    headers.set('origin', server.config.publicUrl);
    const response = await server.request('/api/me/terms', { method: 'POST', headers });
    expect(response.status).toBe(200);
    const profile = (await response.json()) as { id: string; termsAcceptedAt: string };
    expect(profile.id).toBe(user.id);
    expect(Date.parse(profile.termsAcceptedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await server.request('/api/me/terms', { method: 'POST', headers: { origin: server.config.publicUrl } })).status).toBe(401);
  });

  it('refuses a cross-site form post riding on the cookie', async () => {
    const { headers } = await signedInUser(server);
    headers.set('origin', 'https://evil.example.com');
    headers.set('content-type', 'application/x-www-form-urlencoded');
    const response = await server.request('/api/me/terms', { method: 'POST', headers, body: 'a=1' });
    expect(response.status).toBe(403);
  });
});

describe('sign-in and sessions', () => {
  it('limits sign-in attempts for one account (more in platform/auth/sign-in-limits.test.ts)', async () => {
    const user = await createUser(server.ctx);
    const ip = '198.51.100.9';
    const attempt = () =>
      server.request('/api/auth/sign-in/email', jsonRequest({ email: user.email, password: 'wrong-password' }), ip);
    const statuses: number[] = [];
    for (let index = 0; index < 12; index++) statuses.push((await attempt()).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another account, from the same address, is not affected (decision 0082).
    const other = await createUser(server.ctx);
    const sameAddress = await server.request('/api/auth/sign-in/email', jsonRequest({ email: other.email, password: other.password }), ip);
    expect(sameAddress.status).toBe(200);
  });

  it('signs out of this device, or of all devices', async () => {
    const user = await createUser(server.ctx);
    const laptop = await signIn(server, user);
    const phone = await signIn(server, user);
    const tablet = await signIn(server, user);

    laptop.set('content-type', 'application/json');
    const signOut = await server.request('/api/auth/sign-out', { method: 'POST', headers: laptop, body: '{}' });
    expect(signOut.status).toBe(200);
    expect((await server.request('/api/me', { headers: laptop })).status).toBe(401);
    expect((await server.request('/api/me', { headers: phone })).status).toBe(200);

    const phoneHeaders = new Headers(phone);
    phoneHeaders.set('content-type', 'application/json');
    const everywhere = await server.request('/api/auth/revoke-sessions', { method: 'POST', headers: phoneHeaders, body: '{}' });
    expect(everywhere.status).toBe(200);
    expect((await server.request('/api/me', { headers: phone })).status).toBe(401);
    expect((await server.request('/api/me', { headers: tablet })).status).toBe(401);
  });
});
