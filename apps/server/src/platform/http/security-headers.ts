import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Our policy, in Hono's secureHeaders terms. The SPA loads only its own scripts; images may come from the S3 bucket
 * or avatars of OAuth providers. Four headers only obsolete software reads are left out (decision 0072):
 * X-XSS-Protection (the XSS auditors it switched off were removed from every browser), X-Download-Options (IE 8),
 * X-Permitted-Cross-Domain-Policies (Flash) and X-DNS-Prefetch-Control (we link to no third-party hosts to prefetch).
 * `overwrite: false`: a route's own value of one of them wins (uploaded files keep their `default-src 'none'`).
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
  overwrite: false,
};

/**
 * The security headers of every response: Hono's own middleware, the one code path for production, the tests
 * (app.request()) and any other server (decision 0135).
 */
export function securityHeaders(): MiddlewareHandler {
  return secureHeaders(POLICY);
}

let jsonHeaders: Promise<Readonly<Record<string, string>>> | undefined;

/**
 * The same headers plus a JSON content type, as a plain record read once from the middleware itself (one policy),
 * for the health check, which every load balancer polls and which answers before the middleware. A Response whose
 * headers are a plain object stays on @hono/node-server's fast path, written straight into Node's response; the
 * middleware sets its headers on a `Headers` after the handler, which the adapter then reads back (decision 0164).
 */
export function securityHeadersForJson(): Promise<Readonly<Record<string, string>>> {
  jsonHeaders ??= Promise.resolve(
    new Hono()
      .use(securityHeaders())
      .get('/', (c) => c.json(null))
      .request('/'),
  ).then((response) => Object.freeze(Object.fromEntries(response.headers)));
  return jsonHeaders;
}
