import { mkdtempSync } from 'node:fs';
import { request as httpRequest, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase } from './platform/db/client.ts';
import { webhookDeliveries } from './platform/db/schema/webhooks.ts';
import { DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { SERVER_START_MS, startServerProcess } from './test/spawn-server.ts';

// SIGTERM on a real process (decision 0179): readiness turns 503 while the process still serves, then it stops
// accepting, tells live sockets 1012, lets a request in flight and a running job finish, and exits 0.

const port = String(4400 + ((process.pid * 5) % 100));
const url = `http://localhost:${port}`;

/** A sign-in whose body arrives in two halves: in flight from the first half until `finish()` sends the second. */
function slowSignIn(email: string) {
  const body = JSON.stringify({ email, password: DEMO_PASSWORD });
  const half = Math.floor(body.length / 2);
  const request = httpRequest(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), origin: url },
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => request.on('response', resolve).on('error', reject));
  request.write(body.slice(0, half));
  return {
    answered,
    finish: () => request.end(body.slice(half)),
  };
}

/** GET over a fresh connection with node:http (fetch hides the Connection header). */
function get(pathname: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpRequest(`${url}${pathname}`, { agent: false }, (response) => {
      response.resume();
      resolve(response);
    }).on('error', reject).end();
  });
}

/** What a new connection gets: an HTTP status, or the network error's code. */
const newConnection = () => get('/api/health').then((response) => response.statusCode, (error: NodeJS.ErrnoException) => error.code);

/** A webhook receiver that holds every request until `release()`. */
async function startHoldingReceiver() {
  const held: ServerResponse[] = [];
  const webhookIds: string[] = [];
  const server = createServer((request, response) => {
    webhookIds.push(request.headers['webhook-id'] as string);
    request.resume();
    held.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    webhookIds,
    release: () => held.splice(0).forEach((response) => response.writeHead(200).end('ok')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('graceful shutdown on SIGTERM', () => {
  it('turns unready first, then drains: requests in flight and a running job finish, live sockets get 1012, exit 0', { timeout: SERVER_START_MS + 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mingle-graceful-'));
    const receiver = await startHoldingReceiver();
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      PORT: port,
      PUBLIC_URL: url,
      SHUTDOWN_DELAY_MS: '4000',
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    try {
      // The demo organizer's event gets a webhook endpoint whose receiver holds its deliveries.
      const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: 'owner@example.com', password: DEMO_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const owner = { cookie: signIn.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; '), origin: url, 'content-type': 'application/json' };
      const { events } = (await (await fetch(`${url}/api/events`, { headers: owner })).json()) as { events: Array<{ id: string }> };
      const eventId = events[0]!.id;
      const created = await fetch(`${url}/api/events/${eventId}/webhooks`, {
        method: 'POST',
        headers: owner,
        body: JSON.stringify({ url: receiver.url, eventTypes: ['check_in.created'] }),
      });
      expect(created.status).toBe(201);
      const endpoint = (await created.json()) as { id: string };

      expect((await get('/api/ready')).statusCode).toBe(200);
      const socket = new WebSocket(`ws://localhost:${port}/api/live`);
      const socketClosed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
      const inFlight = slowSignIn('attendee@example.com');

      server.child.kill('SIGTERM');

      // The grace period: not ready, still serving, and every answer closes its connection.
      await expect.poll(async () => (await get('/api/ready')).statusCode).toBe(503);
      const health = await get('/api/health');
      expect(health.statusCode).toBe(200);
      expect(health.headers.connection).toBe('close');
      const ping = await fetch(`${url}/api/events/${eventId}/webhooks/${endpoint.id}/ping`, { method: 'POST', headers: owner });
      expect(ping.status).toBe(202);
      const delivery = (await ping.json()) as { id: string; webhookId: string };
      // The job is running: its call waits at the receiver.
      await expect.poll(() => receiver.webhookIds, { timeout: 10_000 }).toContain(delivery.webhookId);

      // Then no new connection, and live clients are told to reconnect elsewhere.
      await expect.poll(newConnection, { timeout: 10_000 }).toBe('ECONNREFUSED');
      expect(await socketClosed).toBe(1012);

      // The request in flight completes.
      inFlight.finish();
      const answer = await inFlight.answered;
      answer.resume();
      expect(answer.statusCode).toBe(200);

      // The running job completes once its call is answered; then the process exits 0.
      receiver.release();
      const exitCode = server.child.exitCode ?? (await new Promise((resolve) => server.child.once('exit', resolve)));
      expect(exitCode).toBe(0);
      expect(receiver.webhookIds.filter((id) => id === delivery.webhookId)).toHaveLength(1);
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        const [row] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
        expect(row).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
      } finally {
        await database.close();
      }
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await receiver.close();
    }
  });
});
