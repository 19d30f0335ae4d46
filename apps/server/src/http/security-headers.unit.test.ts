import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

// Both ways the headers are applied: onto Node's response under a real server (what production runs), and onto the
// fetch Response under app.request() (what the API tests run).

const app = new Hono()
  .use('*', securityHeaders({ contentSecurityPolicy: { defaultSrc: ["'self'"] }, crossOriginEmbedderPolicy: false }))
  .get('/json', (c) => c.json({ ok: true }))
  .get('/file', (c) => c.body('file', 200, { 'Content-Security-Policy': "default-src 'none'", 'Content-Type': 'image/png' }));

let server: ServerType;
let base: string;
beforeAll(async () => {
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each([
  ['a real Node server', (path: string) => fetch(`${base}${path}`)],
  ['app.request()', (path: string) => Promise.resolve(app.request(path))],
])('security headers through %s', (_, get) => {
  it('puts every header on a plain JSON answer, which stays intact', async () => {
    const response = await get('/json');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cross-origin-embedder-policy')).toBeNull();
    expect(await response.json()).toEqual({ ok: true });
  });

  it("keeps a route's own value of one of them", async () => {
    const response = await get('/file');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
