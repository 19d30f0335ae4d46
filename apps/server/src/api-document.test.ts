import { beforeAll, describe, expect, it } from 'vitest';
import { MATRIX } from './test/authorization-matrix.ts';
import { useTestServer } from './test/harness.ts';

// The API document (/api/openapi.json, decision 0174) against the app itself: every route is in it, every operation
// has its own operationId, says how to authenticate (visitors' routes exactly the authorization matrix's open ones) and
// what its errors look like.

type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  requestBody?: { content?: Record<string, unknown> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  security: Array<Record<string, string[]>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }> };
};

/** Routes that are not API operations: the web app's pages, and the document's own page and file. */
const NOT_OPERATIONS = new Set(['GET /', 'GET /*', 'GET /event/{slug}', 'GET /api/docs', 'GET /api/docs/{asset}', 'GET /api/openapi.json']);

/** `GET /api/events/:eventId` or `GET /files/:key{.+}` as the document writes it: `GET /api/events/{eventId}`. */
const asDocumented = (route: string) => route.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

const server = useTestServer();
let document: Document;
const operations = () =>
  Object.entries(document.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, path, operation })));

beforeAll(async () => {
  const response = await server.request('/api/openapi.json');
  expect(response.status).toBe(200);
  document = (await response.json()) as Document;
});

describe('the API document', () => {
  it('covers every route of the app', () => {
    const routes = new Set(server.app.routes.filter((route) => route.method !== 'ALL').map((route) => asDocumented(`${route.method} ${route.path}`)));
    const documented = new Set(operations().map(({ key }) => key));
    const missing = [...routes].filter((route) => !NOT_OPERATIONS.has(route) && !route.endsWith('/api/auth/*') && !documented.has(route));
    expect(missing, 'routes missing from /api/openapi.json').toEqual([]);
    const extra = [...documented].filter((route) => !route.includes(' /api/auth/') && !routes.has(route));
    expect(extra, 'documented operations without a route').toEqual([]);
  });

  it("includes Better Auth's routes under /api/auth, without the ones switched off", () => {
    expect(document.paths['/api/auth/sign-in/email']?.post?.requestBody?.content?.['application/json']).toBeDefined();
    expect(document.paths['/api/auth/get-session']?.get).toBeDefined();
    expect(document.paths['/api/auth/two-factor/enable']?.post).toBeDefined();
    for (const off of ['/api/auth/sign-up/email', '/api/auth/update-user', '/api/auth/change-email', '/api/auth/delete-user']) {
      expect(document.paths[off], off).toBeUndefined();
    }
    // Its component schemas came along, renamed so they never meet ours, and its references follow.
    expect(document.components.schemas.AuthUser).toBeDefined();
    const refs = JSON.stringify(document.paths).match(/#\/components\/schemas\/[\w.-]+/g) ?? [];
    expect(refs.filter((ref) => !(ref.split('/').pop()! in document.components.schemas))).toEqual([]);
  });

  it('gives every operation an operationId of its own', () => {
    const ids = operations().map(({ key, operation }) => [key, operation.operationId] as const);
    expect(ids.filter(([, id]) => !id).map(([key]) => key), 'operations without an operationId').toEqual([]);
    const seen = new Map<string, string>();
    const repeated = ids.filter(([key, id]) => seen.has(id!) || !seen.set(id!, key));
    expect(repeated, 'operationIds used twice').toEqual([]);
    expect(document.paths['/api/options']?.get?.operationId).toBe('options.list');
    expect(document.paths['/api/events/{eventId}/registrations.csv']?.get?.operationId).toBe('registrations.exportCsv');
  });

  it('says how to authenticate: a session cookie, a bearer token or an API key, and which routes need none', () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'mingle.session_token' });
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(document.security).toEqual([{ session: [] }, { bearer: [] }, { apiKey: [] }]);

    // Open to visitors in the document exactly where the authorization matrix lets a visitor through.
    const openInMatrix = new Set(
      MATRIX.filter((row) => row.allow.includes('visitor')).map((row) => asDocumented(row.route)).filter((route) => !NOT_OPERATIONS.has(route) && !route.includes('/api/auth/')),
    );
    const openInDocument = new Set(operations().filter(({ path, operation }) => !path.startsWith('/api/auth/') && operation.security?.length === 0).map(({ key }) => key));
    expect([...openInDocument].sort()).toEqual([...openInMatrix].sort());
  });

  it('describes the error answers of every operation and the files the file routes answer', () => {
    const withoutErrors = operations()
      // Health and readiness have their own degraded answers; the push key is the same public answer for everyone.
      .filter(({ path, key }) => !path.startsWith('/api/auth/') && key !== 'GET /api/health' && key !== 'GET /api/ready' && key !== 'GET /api/push/public-key')
      .filter(({ operation }) =>
        !Object.entries(operation.responses ?? {}).some(([status, answer]) => status.startsWith('4') && answer.content?.['application/json']?.schema?.$ref === '#/components/schemas/Error'),
      )
      .map(({ key }) => key);
    expect(withoutErrors, 'operations that list no error answer').toEqual([]);
    expect(document.components.schemas.Error).toBeDefined();

    expect(document.paths['/api/events/{eventId}/registrations.csv']?.get?.responses?.['200']?.content?.['text/csv']).toBeDefined();
    expect(document.paths['/api/schedule/calendar.ics']?.get?.responses?.['200']?.content?.['text/calendar']).toBeDefined();
    expect(document.paths['/api/events/{eventId}/logo']?.put?.requestBody?.content?.['multipart/form-data']).toBeDefined();
  });
});
