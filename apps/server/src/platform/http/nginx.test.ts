import { existsSync } from 'node:fs';
import { request } from 'node:http';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { liveTopics } from '@mingle/shared/core/live';
import type { MeDto } from '@mingle/shared/profiles/contract';
import { nginxBinary, startCluster, type Cluster } from '../../../../../deploy/cluster.mjs';
import { uniqueEmail } from '../../test/factories.ts';
import { ownPostgresDatabase } from '../../test/own-database.ts';
import { nextLiveMessage } from '../../test/live-socket.ts';
import { codeInSubject } from '../../test/mail.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const skipReason = !databaseUrl
  ? 'TEST_DATABASE_URL is not set (runs in the PostgreSQL lane)'
  : !existsSync(nginxBinary)
    ? `no nginx at ${nginxBinary} (apt-get install nginx)`
    : undefined;
/** Sign-in attempts one client address may make per minute in this cluster: small, so the test reaches it. */
const SIGN_IN_LIMIT_PER_IP = 3;
/**
 * Reads repeated through nginx to see both processes answer: it takes turns, unless a process is still finishing an
 * earlier request (least_conn then prefers the other), so a few more than two.
 */
const READS = 6;

/**
 * A request from a given loopback address (127.0.0.0/8 is all this machine's): nginx sees it as that client. fetch
 * cannot choose its source address, node:http can.
 */
function requestFrom(from: string, url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(url, { method: init.method, headers: init.headers, localAddress: from }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    outgoing.once('error', reject);
    outgoing.end(init.body);
  });
}

/** The processes (host:port) nginx's access log names as having answered requests for this path. */
function upstreamsOf(cluster: Cluster, pathname: string) {
  return cluster
    .accessLog()
    .split('\n')
    .filter((line) => line.includes(` ${pathname} HTTP/1.1"`))
    .map((line) => line.match(/upstream=(\S+)/)?.[1]);
}

// The shipped nginx configuration (deploy/nginx/mingle.conf) in front of two compiled processes on one PostgreSQL,
// as production runs them (decision 0177).
describe.skipIf(skipReason)(`nginx in front of two Mingle processes${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let database: { url: string; drop(): Promise<void> };
  let cluster: Cluster;
  let cookie: string;
  let userId: string;
  const ports = () => cluster.members.map((member) => `127.0.0.1:${member.port}`);
  const browser = () => ({ cookie, origin: cluster.url });

  beforeAll(async () => {
    database = await ownPostgresDatabase(databaseUrl!, 'nginx');
    cluster = await startCluster({ processes: 2, databaseUrl: database.url, env: { SIGN_IN_RATE_LIMIT_PER_IP: String(SIGN_IN_LIMIT_PER_IP) } });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
  });

  it('signs a new person up and in through nginx, and the session works on both processes', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('nginx');
    const password = 'longenough';
    const post = (pathname: string, body: object) =>
      fetch(`${cluster.url}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: cluster.url }, body: JSON.stringify(body) });
    expect((await post('/api/signup/code', { fullName: 'Ada Lovelace', email, password })).status).toBe(200);
    // The code is in the outbox once a process's mail worker has rendered the message.
    const outbox = new pg.Client({ connectionString: database.url });
    await outbox.connect();
    const code = await vi.waitFor(
      async () => {
        const { rows } = await outbox.query<{ subject: string | null }>('select subject from mail_outbox where "to" = $1', [email]);
        const found = codeInSubject(rows[0]?.subject);
        if (!found) throw new Error('no code yet');
        return found;
      },
      { timeout: 20_000, interval: 200 },
    );
    await outbox.end();
    const verified = await post('/api/signup/verify', { email, code, password });
    expect(verified.status).toBe(200);
    const { verificationToken } = (await verified.json()) as { verificationToken: string };
    expect((await post('/api/signup/complete', { email, verificationToken, acceptTerms: true })).status).toBe(201);

    const signIn = await post('/api/auth/sign-in/email', { email, password });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    for (let read = 0; read < READS; read++) {
      const me = await fetch(`${cluster.url}/api/me`, { headers: browser() });
      expect(me.status).toBe(200);
      userId = ((await me.json()) as MeDto).user.id;
    }
    // nginx shared those reads between the two processes (its log names the one that answered each).
    expect(new Set(upstreamsOf(cluster, '/api/me'))).toEqual(new Set(ports()));
  });

  it('delivers a write made on one process to live sockets opened through nginx on both', { timeout: 60_000 }, async () => {
    const topic = liveTopics.userAccount(userId);
    // least_conn: the second socket goes to the process that does not hold the first, so one of them is on the
    // process the write does not reach directly.
    const sockets: WebSocket[] = [];
    for (let opened = 0; opened < 2; opened++) {
      const socket = new WebSocket(`${cluster.url.replace('http', 'ws')}/api/live`, { headers: browser() });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const subscribed = nextLiveMessage(socket, (message) => message.type !== 'ping');
      socket.send(JSON.stringify({ type: 'subscribe', topic }));
      expect(await subscribed).toEqual({ type: 'subscribed', topic });
      sockets.push(socket);
    }

    const delivered = sockets.map((socket) => nextLiveMessage(socket, (message) => message.type === 'event'));
    const [, second] = cluster.members;
    const change = await fetch(`${second!.url}/api/me/terms`, { method: 'POST', headers: { cookie, origin: cluster.url } });
    expect(change.status).toBe(200);
    for (const message of await Promise.all(delivered)) expect(message).toEqual({ type: 'event', topic, event: { kind: 'account.updated' } });

    for (const socket of sockets) socket.close();
    // nginx logs a WebSocket when it closes: the two were held by the two processes.
    await vi.waitFor(() => expect(upstreamsOf(cluster, '/api/live')).toHaveLength(2), { timeout: 10_000 });
    expect(new Set(upstreamsOf(cluster, '/api/live'))).toEqual(new Set(ports()));
  });

  it('counts sign-in attempts per real client: a forged X-Forwarded-For does not escape, another client is not blocked', { timeout: 60_000 }, async () => {
    const attempt = (from: string, headers: Record<string, string> = {}) =>
      requestFrom(from, `${cluster.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: cluster.url, ...headers },
        body: JSON.stringify({ email: uniqueEmail('guess'), password: 'wrong-password' }),
      });
    // Two clients no other test uses; each attempt names a different account, so only the per-address limit counts.
    const [first, other] = ['127.0.0.3', '127.0.0.4'];
    for (let tried = 0; tried < SIGN_IN_LIMIT_PER_IP; tried++) expect((await attempt(first)).status).toBe(401);
    expect((await attempt(first)).status).toBe(429);
    // The client writes someone else's address: nginx appends the one it saw, and Mingle (TRUST_PROXY=1) reads that.
    expect((await attempt(first, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    expect((await attempt(first, { 'x-forwarded-for': other })).status).toBe(429);
    expect((await attempt(other)).status).toBe(401);
  });

  it('serves an uploaded image with the headers Mingle gives it, from either process', { timeout: 60_000 }, async () => {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366ff' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${cluster.url}/api/me/avatar`, { method: 'POST', headers: browser(), body: form });
    expect(uploaded.status).toBe(200);
    const { avatarUrl } = (await uploaded.json()) as { avatarUrl: string };

    const direct = await fetch(`${cluster.members[0]!.url}${avatarUrl}`);
    const bytes = Buffer.from(await direct.arrayBuffer());
    for (let read = 0; read < READS; read++) {
      const served = await fetch(`${cluster.url}${avatarUrl}`, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(served.status).toBe(200);
      for (const header of ['content-type', 'content-length', 'x-content-type-options', 'content-security-policy', 'cache-control']) {
        expect(served.headers.get(header), header).toBe(direct.headers.get(header));
      }
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'");
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('content-encoding')).toBeNull();
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(new Set(upstreamsOf(cluster, avatarUrl))).toEqual(new Set(ports()));
  });

  it('compresses JSON answers and leaves images as they are', async () => {
    // The API document: public, and well over gzip_min_length.
    const json = await fetch(`${cluster.url}/api/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-encoding')).toBe('gzip');
    expect(json.headers.get('vary')).toContain('Accept-Encoding');
    expect(((await json.json()) as { openapi: string }).openapi).toBeTruthy();
  });

  it('answers through the other process while one is stopped, GETs and writes alike', { timeout: 60_000 }, async () => {
    const [, second] = cluster.members;
    await second!.stop();
    try {
      for (let read = 0; read < READS; read++) {
        expect((await fetch(`${cluster.url}/api/me`, { headers: browser() })).status).toBe(200);
        // A refused connection sent nothing: nginx passes even a POST on to the next process.
        expect((await fetch(`${cluster.url}/api/me/terms`, { method: 'POST', headers: browser() })).status).toBe(200);
      }
    } finally {
      await second!.restart();
    }
    expect((await fetch(`${second!.url}/api/me`, { headers: browser() })).status).toBe(200);
  });
});
