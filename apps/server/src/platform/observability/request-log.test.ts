import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { createEvent } from '../../test/event-factories.ts';
import { signedInUser, uniqueEmail } from '../../test/factories.ts';
import { jsonRequest, startTestServer, useTestServer } from '../../test/harness.ts';
import type { AppEnv } from '../http/env.ts';
import { handleError } from '../http/handle-error.ts';
import { observeRequests } from './request-log.ts';

// The request log (decision 0175): one JSON line per request, with the route pattern and the request id, and
// nothing personal or secret.

type Line = Record<string, unknown> & { msg: string };

const written: string[] = [];
const lines = () => written.map((text) => JSON.parse(text) as Line);
const requestLines = () => lines().filter((line) => line.msg === 'request');

// One proxy of ours in front (TRUST_PROXY=1): its X-Request-Id is believed.
const log = createLogger('debug', true, { destination: { write: (text: string) => void written.push(text) } });
const server = useTestServer({ TRUST_PROXY: '1' }, {}, log);
beforeEach(() => {
  written.length = 0;
});

describe('the request log', () => {
  it('writes one JSON line per request with the route pattern, status, duration and the request id the client got', async () => {
    const { user, headers } = await signedInUser(server);
    const event = await createEvent(server.ctx, user.id);
    written.length = 0;
    const response = await server.request(`/api/events/${event.id}`, { headers });
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[\w-]{16,}$/);

    const [line, ...others] = requestLines();
    expect(others).toEqual([]);
    expect(line).toMatchObject({ level: 'info', requestId: id, method: 'GET', route: '/api/events/:eventId', status: 200 });
    expect(line!.durationMs).toEqual(expect.any(Number));
    expect(written.join('')).not.toContain(event.id);
  });

  it('logs no cookie, bearer token, email, password or query string', async () => {
    const email = uniqueEmail('private');
    const secrets = { cookie: `cookie-${randomUUID()}`, bearer: `bearer-${randomUUID()}`, query: `query-${randomUUID()}`, password: `pw-${randomUUID()}` };
    const response = await server.request(
      `/api/auth/sign-in/email?token=${secrets.query}`,
      jsonRequest({ email, password: secrets.password }, { headers: { cookie: `mingle.session_token=${secrets.cookie}`, authorization: `Bearer ${secrets.bearer}` } }),
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(requestLines()).toEqual([expect.objectContaining({ route: '/api/auth/*', method: 'POST', status: response.status })]);
    const everything = written.join('');
    for (const secret of [email, ...Object.values(secrets)]) expect(everything).not.toContain(secret);
    // Better Auth's own account of it is one of our JSON lines too, not coloured text on the console.
    expect(lines()).toContainEqual(expect.objectContaining({ level: 'warn', msg: expect.stringMatching(/^better-auth: /) }));
  });

  it("keeps a sane X-Request-Id from the proxy and replaces a hostile one", async () => {
    const sent = (id: string) => server.request('/api/options', { headers: { 'x-request-id': id } }).then((answer) => answer.headers.get('x-request-id'));
    expect(await sent('nginx-0123456789abcdef_=')).toBe('nginx-0123456789abcdef_=');
    // A newline never gets this far (HTTP parsers and fetch's Headers refuse it); these are what does.
    for (const hostile of ['x'.repeat(65), 'forged id\tlevel=error', '"}{"level":"error"']) {
      const answered = await sent(hostile);
      expect(answered).not.toBe(hostile);
      expect(answered).toMatch(/^[\w-]{16,64}$/);
    }
    expect(requestLines().map((line) => line.requestId)).not.toContain('"}{"level":"error"');
  });

  it('logs the readiness check at debug level only', async () => {
    await server.request('/api/health');
    expect(requestLines()).toEqual([expect.objectContaining({ route: '/api/health', level: 'debug' })]);
  });

  it('gives the request id to answers their handlers make themselves: health, readiness, Better Auth, a page', async () => {
    for (const path of ['/api/health', '/api/ready', '/api/auth/get-session', '/api/nothing-here', '/dashboard']) {
      written.length = 0;
      const response = await server.request(path);
      const id = response.headers.get('x-request-id');
      expect(id, path).toMatch(/^[\w-]{16,}$/);
      expect(requestLines(), path).toEqual([expect.objectContaining({ requestId: id })]);
    }
  });

  it("puts the request id on an unexpected error's log line, with the route pattern and not the path", async () => {
    const app = new OpenAPIHono<AppEnv>();
    app.onError((error, c) => handleError(error, c, server.ctx.log));
    app.use('*', ...observeRequests(server.ctx));
    app.get('/boom/:token', () => {
      throw new Error('exploded');
    });
    const token = randomUUID();
    const response = await app.request(`/boom/${token}`);
    expect(response.status).toBe(500);
    const id = response.headers.get('x-request-id');
    const failure = lines().find((line) => line.msg === 'unhandled error');
    expect(failure).toMatchObject({ level: 'error', requestId: id, route: '/boom/:token' });
    expect(requestLines()).toEqual([expect.objectContaining({ requestId: id, status: 500 })]);
    expect(written.join('')).not.toContain(token);
  });
});

describe('the request id without a trusted proxy', () => {
  it("replaces a client's own X-Request-Id", async () => {
    const direct = await startTestServer();
    try {
      const response = await direct.request('/api/options', { headers: { 'x-request-id': 'chosen-by-the-client' } });
      expect(response.headers.get('x-request-id')).not.toBe('chosen-by-the-client');
      expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{16,64}$/);
    } finally {
      await direct.close();
    }
  });
});
