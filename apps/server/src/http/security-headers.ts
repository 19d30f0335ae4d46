import type { ServerResponse } from 'node:http';
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * Hono's secureHeaders, applied at a fraction of the cost (decision 0072). The header set is the same on every
 * response (no nonces here), so Hono computes it once, on a probe request, and each request then writes it straight
 * onto Node's response: setting a dozen headers on the fetch Response's Headers on every request was about 30 % of
 * the server's time on a plain JSON route (bench/http-throughput.mjs).
 *
 * A route's own value for one of these headers still wins, as with `overwrite: false`: Node's writeHead gives the
 * headers it is handed precedence over those of setHeader (uploaded files keep their `default-src 'none'`). Under
 * app.request() (tests) there is no Node response, and the headers go onto the Response where it has none of its own.
 */
export function securityHeaders(options: Omit<SecureHeadersOptions, 'overwrite'>): MiddlewareHandler {
  let headers: Promise<[string, string][]> | undefined;
  return async (c, next) => {
    const fixed = await (headers ??= headersOf(options));
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing) {
      for (const [name, value] of fixed) outgoing.setHeader(name, value);
      return next();
    }
    await next();
    for (const [name, value] of fixed) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };
}

async function headersOf(options: SecureHeadersOptions): Promise<[string, string][]> {
  const probe = new Hono().use(secureHeaders(options)).get('/', (c) => c.body(null));
  return [...(await probe.request('/')).headers.entries()];
}
