import { createRoute, z } from '@hono/zod-openapi';
import { apiKeysSchema, createdApiKeySchema } from '@mingle/shared/api-keys/contract';
import { apiKeyEndpoints } from '@mingle/shared/api-keys/endpoints';
import { createApiKeySchema } from '@mingle/shared/api-keys/inputs';
import { requireSession } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

const base = '/api/me';
const tags = ['API keys'];

const listRoute = createRoute({
  ...endpointRoute(apiKeyEndpoints.list, base),
  tags,
  summary: "The signed-in person's API keys, live ones first, with their last use (never the keys themselves)",
  description: 'Needs a session: an API key cannot list keys.',
  responses: { 200: jsonResponse(apiKeysSchema, 'The keys'), ...errorResponses(401, 403) },
});
const createKeyRoute = createRoute({
  ...endpointRoute(apiKeyEndpoints.create, base),
  tags,
  summary: 'Make an API key: read or read-write, for all your events or one you take part in, with an optional expiry',
  description:
    'Answers the whole key once; only its hash is kept. Send it as `Authorization: Bearer mgk_...` or `X-API-Key: mgk_...`. ' +
    'At most 50 live keys per person. Needs a session: an API key cannot make keys.',
  request: { body: jsonBody(createApiKeySchema) },
  responses: { 201: jsonResponse(createdApiKeySchema, 'The key, shown this once'), ...errorResponses(400, 401, 403, 404, 409) },
});
const revokeRoute = createRoute({
  ...endpointRoute(apiKeyEndpoints.revoke, base),
  tags,
  summary: 'Revoke one of your API keys: it stops working at once',
  request: { params: z.object({ keyId: z.string() }) },
  responses: { 204: { description: 'Revoked' }, ...errorResponses(401, 403, 404) },
});

export function apiKeyRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listApiKeys(c.get('ctx'), requireSession(c)), 200))
    .openapi(createKeyRoute, async (c) => c.json(await createApiKey(c.get('ctx'), requireSession(c), c.req.valid('json')), 201))
    .openapi(revokeRoute, async (c) => {
      await revokeApiKey(c.get('ctx'), requireSession(c), c.req.valid('param').keyId);
      return c.body(null, 204);
    });
}
