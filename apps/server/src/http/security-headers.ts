import { ServerResponse, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Our policy, in Hono's secureHeaders terms. The SPA loads only its own scripts; images may come from the S3 bucket
 * or avatars of OAuth providers. Four headers only obsolete software reads are left out (decision 0072):
 * X-XSS-Protection (the XSS auditors it switched off were removed from every browser), X-Download-Options (IE 8),
 * X-Permitted-Cross-Domain-Policies (Flash) and X-DNS-Prefetch-Control (we link to no third-party hosts to prefetch).
 */
const POLICY: Parameters<typeof secureHeaders>[0] = {
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    frameAncestors: ["'none'"],
  },
  crossOriginEmbedderPolicy: false,
  xXssProtection: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xDnsPrefetchControl: false,
};

/**
 * The headers every response carries, lower-cased. The set is the same on every response (our policy has no nonces),
 * so Hono's secureHeaders computes it once, on a probe request, and stays the source of the values.
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = await (async () => {
  const probe = new Hono().use(secureHeaders(POLICY)).get('/', (c) => c.body(null));
  return [...(await probe.request('/')).headers.entries()];
})();

/**
 * Node's response with the security headers written into its head (decision 0072): main.ts serves the app with it.
 * Setting a dozen headers per request on the fetch Response (Hono's middleware) or with setHeader was a third of the
 * server's time on a plain JSON route; here they are merged into the header object @hono/node-server hands to
 * writeHead, and Node validates each once. A route's own value for one of them wins (uploaded files keep their
 * `default-src 'none'`), whatever its case.
 */
export class SecureServerResponse extends ServerResponse {
  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined;
    const headers = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
    if (headers && !Array.isArray(headers)) return super.writeHead(statusCode, reason, withSecurityHeaders(headers));
    // Headers set one by one (setHeader), or given as an array: add the missing ones the same way, Node merges.
    for (const [name, value] of SECURITY_HEADERS) if (!this.hasHeader(name)) this.setHeader(name, value);
    return super.writeHead(statusCode, reason, headers);
  }
}

/** `headers` plus each security header it lacks (compared without case), in a new object. */
function withSecurityHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const merged: OutgoingHttpHeaders = {};
  const present = new Set<string>();
  for (const name in headers) {
    merged[name] = headers[name];
    present.add(name.toLowerCase());
  }
  for (const [name, value] of SECURITY_HEADERS) if (!present.has(name)) merged[name] = value;
  return merged;
}

/**
 * The same headers where no SecureServerResponse writes them: under app.request() (the API tests) or another server,
 * onto the fetch Response, where the route has not set its own.
 */
export function securityHeaders(): MiddlewareHandler {
  return (c, next) => {
    if ((c.env as { outgoing?: unknown } | undefined)?.outgoing instanceof SecureServerResponse) return next();
    return next().then(() => {
      for (const [name, value] of SECURITY_HEADERS) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    });
  };
}
