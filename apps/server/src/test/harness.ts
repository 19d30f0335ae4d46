import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../app.ts';
import { buildContext, type ContextOptions } from '../build-context.ts';
import { loadConfig, type Config } from '../config.ts';
import { PGLITE_TEMPLATE_VARIABLE } from './pglite-template.ts';
import type { AppContext } from '../context.ts';
import { openDatabase, runMigrations } from '../platform/db/client.ts';
import { createLogger, type Logger } from '../logger.ts';

export interface TestServer {
  ctx: AppContext;
  app: ReturnType<typeof createApp>;
  config: Config;
  /**
   * app.request with the public URL filled in, from a client address of its own (a fresh one each call
   * unless `ip` is given), as a socket would give it: rate limits see distinct clients, as in real life.
   */
  request(pathname: string, init?: RequestInit, ip?: string): Promise<Response>;
  /** Headers as a browser sends them on a write: the session cookie and our Origin (the CSRF check wants one). */
  browserHeaders(headers?: Headers): Record<string, string>;
  /** A request as a browser sends it, with a JSON body when one is given. */
  send(method: string, pathname: string, headers?: Headers, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The whole app on a real database: PostgreSQL when TEST_DATABASE_URL is set (migrated by global-setup),
 * else a fresh in-memory PGlite migrated here. Tests use factories with unique data, so files can share a server.
 * `log` replaces the quiet logger (the observability tests read the lines).
 */
export async function startTestServer(env: Record<string, string> = {}, options: ContextOptions = {}, log?: Logger): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mingle-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // No built web app (the page shell's fallback): `npm test` builds apps/web/dist beside these tests.
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
    // Quiet by default; TEST_LOG_LEVEL=error shows a failing request's server error (and the database's cause).
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...env,
  });
  const url = process.env.TEST_DATABASE_URL;
  // On PGlite, a copy of the database global-setup migrated once (pglite-template.ts), or, when a file runs without
  // that setup, a new one migrated here.
  const template = url ? undefined : process.env[PGLITE_TEMPLATE_VARIABLE];
  const database = await openDatabase({ url, template });
  if (!url && !template) await runMigrations(database);
  const ctx = await buildContext(config, database, log ?? createLogger(config.logLevel, false), {
    ...options,
    // Files share one PostgreSQL database: each server's queue in a schema of its own, so no server works another's
    // jobs (with another's SMTP server). Quick polling: a test waits for its mail.
    jobs: { schema: url ? `jobs_${randomUUID().replaceAll('-', '').slice(0, 20)}` : undefined, pollingSeconds: 0.5, ...options.jobs },
  });
  const app = createApp(ctx);
  const server: TestServer = {
    ctx,
    app,
    config,
    request: (pathname, init, ip = randomIp()) =>
      Promise.resolve(
        app.request(`${config.publicUrl}${pathname}`, init, {
          incoming: { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: 'IPv4' } },
        }),
      ),
    browserHeaders: (headers) => ({
      origin: config.publicUrl,
      ...(headers ? Object.fromEntries(headers.entries()) : {}),
    }),
    send(method, pathname, headers, body) {
      const init = { method, headers: server.browserHeaders(headers) };
      if (body instanceof FormData) return server.request(pathname, { ...init, body }); // multipart: fetch sets the boundary
      return server.request(pathname, body === undefined ? init : jsonRequest(body, init));
    },
    async close() {
      await ctx.jobs.stop();
      ctx.mailer.close();
      await ctx.live.close();
      await database.close();
    },
  };
  return server;
}

/**
 * startTestServer for the whole file (or the describe it is called in): started in beforeAll, closed in afterAll, so a
 * test file says it in one line instead of eight.
 * Call it before the file's own hooks that use the server: its beforeAll runs first, its afterAll last (vitest's
 * default `sequence.hooks: 'stack'` runs afterAll hooks in reverse order).
 */
export function useTestServer(env?: Record<string, string>, options?: ContextOptions, log?: Logger): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(env, options, log);
  });
  afterAll(() => started?.close());
  // Each member is read from the started server when used, so the file can hold `server` at the top level.
  return new Proxy({} as TestServer, {
    get(_unstarted, member) {
      if (!started) throw new Error('useTestServer: the server starts in beforeAll; use it inside a test or hook');
      return started[member as keyof TestServer];
    },
  });
}

let ipCounter = 0;
function randomIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
}

/** The `{ code, message }` of an error answer. */
export async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

export function jsonRequest(body: unknown, init: RequestInit = {}): RequestInit {
  return {
    method: 'POST',
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
    body: JSON.stringify(body),
  };
}
