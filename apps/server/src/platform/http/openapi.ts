import { z, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { csvHeaders } from './csv.ts';
import type { AppEnv } from './env.ts';
import type { Endpoint } from '@mingle/shared/core/endpoint';

/** The error body every route may answer with, for the OpenAPI document. */
export const errorResponseSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .openapi('Error');

export function errorResponses(...statuses: Array<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429>) {
  const descriptions: Record<number, string> = {
    400: 'Invalid input: the message is the first rule that failed',
    401: 'Not signed in',
    403: 'Signed in without the right to do this',
    404: 'Not found, or not visible to the caller',
    409: 'Conflicts with what is already saved',
    413: 'Too large',
    415: 'Unsupported file type',
    429: 'Too many requests',
  };
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: descriptions[status] ?? 'Error', content: { 'application/json': { schema: errorResponseSchema } } },
    ]),
  );
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } } as const;
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}

type Lower<M extends string> = Lowercase<M> & ('get' | 'post' | 'put' | 'patch' | 'delete');

/**
 * The method and the path, relative to the router mounted at `base`, of a route that serves a shared endpoint:
 * `createRoute({ ...endpointRoute(listOptions, '/api/options'), responses: { 200: jsonResponse(optionsSchema, …) } })`.
 * Fails when the module loads if the endpoint is not under `base`, so every test catches a path that drifted.
 */
export function endpointRoute<E extends Endpoint>(endpoint: E, base: string): { method: Lower<E['method']>; path: string } {
  if (endpoint.path !== base && !endpoint.path.startsWith(`${base}/`)) throw new Error(`${endpoint.path} is not under ${base}`);
  return { method: endpoint.method.toLowerCase() as Lower<E['method']>, path: endpoint.path.slice(base.length) || '/' };
}

/** An answer that is a file (CSV, calendar, image, PDF), for the OpenAPI document. */
export function fileResponse(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.string().openapi({ format: 'binary' }) } } } as const;
}

/** A multipart upload's body: the file field and any text fields, for the OpenAPI document. */
export function multipartBody(file: string, fields: Record<string, string> = {}) {
  const shape = Object.fromEntries([
    [file, z.string().openapi({ format: 'binary' })],
    ...Object.entries(fields).map(([name, description]) => [name, z.string().optional().openapi({ description })]),
  ]);
  return { required: true, content: { 'multipart/form-data': { schema: z.object(shape) } } } as const;
}

/** An operation open to visitors: no session or key needed (the document's default is "signed in"). */
export const PUBLIC = { security: [] };

/**
 * Documents a route that is declared as a plain Hono route beside this call: one whose answer is a file, or whose body
 * is a multipart upload, which zod-openapi would read and validate before the route's own gate (upload-gate.ts) could
 * refuse it by size or right. The route config is only documentation here; the handler is the plain route's.
 */
export function documentRoute(router: OpenAPIHono<AppEnv>, route: RouteConfig & { operationId: string }): void {
  router.openAPIRegistry.registerPath(route);
}

/**
 * A CSV download, declared once: the plain GET route (its answer is a file, not JSON) and its entry in the API
 * document. `path` is in OpenAPI form (`/{eventId}/sessions.csv`), relative to the router; `load` authorizes the caller
 * and makes the file.
 */
export function csvRoute(
  router: OpenAPIHono<AppEnv>,
  route: {
    path: string;
    operationId: string;
    tags: string[];
    summary: string;
    params?: z.ZodObject;
    /** The error answers besides the file (a person's own file can only be refused to a visitor). */
    errors?: Array<400 | 401 | 403 | 404>;
    load: (c: Context<AppEnv>) => Promise<{ fileName: string; csv: string }>;
  },
): void {
  router.get(route.path.replace(/\{(\w+)\}/g, ':$1'), async (c) => {
    const { fileName, csv } = await route.load(c);
    return c.body(csv, 200, csvHeaders(fileName));
  });
  documentRoute(router, {
    method: 'get',
    path: route.path,
    operationId: route.operationId,
    tags: route.tags,
    summary: route.summary,
    ...(route.params ? { request: { params: route.params } } : {}),
    responses: { 200: fileResponse('text/csv', 'The file'), ...errorResponses(...(route.errors ?? [401, 403, 404])) },
  });
}
