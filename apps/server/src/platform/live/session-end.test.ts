import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createUser, signIn } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';
import { canSubscribe } from '../../areas/event-access/index.ts';
import { attachLiveHub, type LiveHub } from './hub.ts';

/**
 * The hub's own session check, on the real app and database (hub.test.ts fakes the lookup): a socket whose session
 * is revoked from another device ("sign out other devices") is closed with 4001, and one whose session lives on is
 * left open.
 */
describe('a live socket ends with its session', () => {
  const server = useTestServer();
  let http: Server;
  let hub: LiveHub;
  let base: string;
  beforeAll(async () => {
    http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => (http.listening ? resolve() : http.once('listening', () => resolve())));
    hub = attachLiveHub(http, server.ctx, { authorize: (caller, topic) => canSubscribe(server.ctx, caller, topic), sessionCheckMs: 100 });
    base = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await hub?.close();
    await new Promise((resolve) => http?.close(resolve));
  });

  const open = (cookie: string) =>
    new Promise<{ ws: WebSocket; closed: Promise<number> }>((resolve, reject) => {
      const ws = new WebSocket(`${base}/api/live`, { headers: { cookie }, origin: server.config.publicUrl });
      const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
      ws.once('open', () => resolve({ ws, closed }));
      ws.once('error', reject);
    });

  it('closes the sockets of a revoked session with 4001 and keeps the others', async () => {
    const user = await createUser(server.ctx);
    const laptop = await signIn(server, user);
    const phone = await signIn(server, user);
    const onLaptop = await open(laptop.get('cookie')!);
    const onPhone = await open(phone.get('cookie')!);

    // "Sign out other devices" from the phone revokes the laptop's session.
    const revoked = await server.request('/api/auth/revoke-other-sessions', {
      method: 'POST',
      headers: { ...Object.fromEntries(phone.entries()), origin: server.config.publicUrl, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(revoked.status).toBe(200);
    expect(await onLaptop.closed).toBe(4001);
    expect(onPhone.ws.readyState).toBe(WebSocket.OPEN);
    onPhone.ws.close();
  });
});
