import { createRoute, z } from '@hono/zod-openapi';
import { requireCaller } from '../../auth/guards.ts';
import { createRouter } from '../../http/env.ts';
import { errorResponses, jsonResponse } from '../../http/openapi.ts';
import { listOptions } from './service.ts';

const option = z.object({ id: z.uuid(), name: z.string(), isDefault: z.boolean(), eventId: z.uuid().nullable() });
const optionsResponse = z.object({ interests: z.array(option), goals: z.array(option) }).openapi('Options');

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Options'],
  summary: 'Professional interests and networking goals: the global ones (event-specific ones come with events)',
  responses: { 200: jsonResponse(optionsResponse, 'Options ordered by name'), ...errorResponses(401) },
});

/** Any signed-in user reads the global options (the profile form needs them). */
export function optionRoutes() {
  return createRouter().openapi(listRoute, async (c) => {
    requireCaller(c);
    return c.json(await listOptions(c.get('ctx'), null), 200);
  });
}
