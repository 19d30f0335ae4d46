import { del, get, post } from '../core/endpoint.ts';
import type { apiKeysSchema, createdApiKeySchema } from './contract.ts';
import type { createApiKeySchema } from './inputs.ts';

/**
 * The signed-in person's API keys (issue 21): `list`, `create` (answers the key once), `revoke`. Only with a
 * session: a key can neither make nor list keys.
 */
export const apiKeyEndpoints = {
  list: get<typeof apiKeysSchema>('/api/me/api-keys'),
  create: post<typeof createdApiKeySchema, typeof createApiKeySchema>('/api/me/api-keys'),
  revoke: del('/api/me/api-keys/{keyId}'),
};
