import { z } from 'zod';
import { API_KEY_ACCESS } from './inputs.ts';

// What the API-keys routes answer (issue 21). Never the key's hash; the key itself only in the answer that made it.

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The key's first characters (`mgk_Ab12Cd`), to tell keys apart. */
    start: z.string(),
    access: z.enum(API_KEY_ACCESS),
    /** The one event the key is limited to; null: every event of its owner's. */
    event: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable().meta({ description: 'Kept to the minute' }),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKeyDto = z.output<typeof apiKeySchema>;

export const apiKeysSchema = z.object({ keys: z.array(apiKeySchema) }).meta({ id: 'ApiKeys' });

export const createdApiKeySchema = z
  .object({
    key: z.string().meta({ description: 'The whole key, answered this once: only its hash is kept' }),
    apiKey: apiKeySchema,
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKeyDto = z.output<typeof createdApiKeySchema>;
