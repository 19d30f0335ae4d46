import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecureServerResponse, securityHeaders } from './security-headers.ts';

// Every way the headers are applied: by SecureServerResponse under a real server as main.ts starts it (production),
// by the middleware onto the fetch Response under app.request() (the API tests) and under a server without it.

const app = new Hono()
  .use('*', securityHeaders())
  .get('/json', (c) => c.json({ ok: true }))
  .get('/file', (c) => c.body('file', 200, { 'Content-Security-Policy': "default-src 'none'", 'Content-Type': 'image/png' }));

const listening = (server: Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

const servers: Server[] = [];
const bases: Record<string, string> = {};
beforeAll(async () => {
  const secure = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: { ServerResponse: SecureServerResponse as typeof ServerResponse } }) as Server;
  const plain = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  // A handler that sets its headers one by one and lets Node write the head (no writeHead of its own).
  const raw = createServer({ ServerResponse: SecureServerResponse as typeof ServerResponse }, (_, response) => {
    response.setHeader('X-Frame-Options', 'DENY');
    response.end('raw');
  });
  servers.push(secure, plain, raw);
  bases.raw = await listening(raw);
  for (const [name, server] of [['secure', secure], ['plain', plain]] as const) {
    if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
    bases[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

describe.each([
  ['a server with SecureServerResponse (main.ts)', (path: string) => fetch(`${bases.secure}${path}`)],
  ['a plain Node server', (path: string) => fetch(`${bases.plain}${path}`)],
  ['app.request()', (path: string) => Promise.resolve(app.request(path))],
])('security headers through %s', (_, get) => {
  it('puts every header on a plain JSON answer, which stays intact', async () => {
    const response = await get('/json');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'; script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
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

it('SecureServerResponse adds them to headers set one by one, keeping those already set', async () => {
  const response = await fetch(bases.raw!);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(await response.text()).toBe('raw');
});
