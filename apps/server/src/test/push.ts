import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ece from 'http_ece';

/** One push as the push service received it. */
export interface ReceivedPush {
  /** The device's id in the endpoint's path. */
  device: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  /** Its host name, for PUSH_SERVICE_HOSTS. */
  host: string;
  /** Where its devices' endpoints start (`https://127.0.0.1:<port>/push/`). */
  endpointBase: string;
  /** Trusts the service's self-signed certificate: the pusher's TLS agent in tests. */
  agent: Agent;
  received: ReceivedPush[];
  /** The statuses the next pushes to `device` get, in order (then 201). */
  answer(device: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

/**
 * A web push service on 127.0.0.1 over HTTPS (web-push only speaks HTTPS), with a certificate made by openssl for this
 * run: it takes every push with 201 Created, as FCM or Mozilla's autopush do, unless told to answer otherwise.
 */
export async function startPushService(): Promise<PushService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mingle-push-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  const tls = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true, force: true });

  const received: ReceivedPush[] = [];
  const planned = new Map<string, number[]>();
  const server: Server = createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = request.url?.split('/').pop() ?? '';
      received.push({ device, headers: request.headers, body: Buffer.concat(chunks) });
      const status = planned.get(device)?.shift() ?? 201;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    agent: new Agent({ ca: tls.cert }),
    received,
    answer: (device, ...statuses) => planned.set(device, statuses),
    endpointBase: `https://127.0.0.1:${port}/push/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its endpoint on the service, its keys, and the decryption of what it gets. */
export interface BrowserDevice {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The JSON a push carried, decrypted as the browser does (RFC 8291, aes128gcm). */
  read(push: ReceivedPush): unknown;
}

export function browserDevice(service: PushService): BrowserDevice {
  const id = randomUUID();
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    id,
    subscription: {
      endpoint: `${service.endpointBase}${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    read: (push) => JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }).toString('utf8')),
  };
}
