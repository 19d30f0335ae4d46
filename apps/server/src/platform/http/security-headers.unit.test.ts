import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

// The headers come from one middleware (decision 0135): the same under a real Node server, as main.ts starts it, and
// under app.request() (the API tests).

const app = new Hono()
  .use('*', securityHeaders())
  .get('/json', (c) => c.json({ ok: true }))
  .get('/file', (c) => c.body('file', 200, { 'content-security-policy': "default-src 'none'", 'Content-Type': 'image/png' }));

let server: Server;
let base = '';
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe.each([
  ['a Node server (main.ts)', (path: string) => fetch(`${base}${path}`)],
  ['app.request()', (path: string) => Promise.resolve(app.request(path))],
])('security headers through %s', (_, get) => {
  it('puts every header on a plain JSON answer, which stays intact', async () => {
    const response = await get('/json');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; connect-src 'self' ws: wss:; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('origin-agent-cluster')).toBe('?1');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('leaves out the headers only obsolete software reads, and the one that would break embedded avatars', async () => {
    const response = await get('/json');
    for (const name of ['x-xss-protection', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-dns-prefetch-control', 'cross-origin-embedder-policy']) {
      expect(response.headers.get(name), name).toBeNull();
    }
  });

  it("keeps a route's own value of one of them, whatever its case, and sends it once", async () => {
    const response = await get('/file');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
