import { createRoute, z } from '@hono/zod-openapi';
import { optionSchema, optionsSchema } from '@mingle/shared/options/contract';
import { optionEndpoints } from '@mingle/shared/options/endpoints';
import { createOptionSchema, OPTION_KINDS } from '@mingle/shared/options/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { addOption, deleteOption, listOptions, type OptionScope } from './service.ts';

const base = '/api/options';
const tags = ['Options'];
const kindParams = z.object({ kind: z.enum(OPTION_KINDS) });

const listRoute = createRoute({
  ...endpointRoute(optionEndpoints.list, base),
  tags,
  summary: 'Professional interests and networking goals that apply: global, plus an event’s own or the caller’s events’',
  request: {
    query: z.object({
      scope: z.enum(['mine', 'global', 'event']).default('mine'),
      eventId: z.string().optional(),
    }),
  },
  responses: { 200: jsonResponse(optionsSchema, 'Options ordered by name'), ...errorResponses(400, 401, 404) },
});

const addRoute = createRoute({
  ...endpointRoute(optionEndpoints.add, base),
  tags,
  summary: 'Add an interest or goal: global (super admins, marked default) or of one event (its managers)',
  request: { params: kindParams, body: jsonBody(createOptionSchema) },
  responses: { 201: jsonResponse(optionSchema, 'The new option'), ...errorResponses(400, 401, 403, 404, 409) },
});

const deleteRoute = createRoute({
  ...endpointRoute(optionEndpoints.remove, base),
  tags,
  summary: 'Delete an interest or goal: default ones by super admins only, an event’s own by its managers',
  request: { params: kindParams.extend({ optionId: z.string() }) },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
});

/** /api/options: reading is for anyone signed in (scoped); adding and deleting follow spec 02 section 6. */
export function optionRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const caller = requireCaller(c);
      const { scope, eventId } = c.req.valid('query');
      const resolved: OptionScope =
        eventId !== undefined && scope !== 'global' ? { kind: 'event', eventId } : scope === 'global' ? { kind: 'global' } : { kind: 'mine' };
      return c.json(await listOptions(c.get('ctx'), caller, resolved), 200);
    })
    .openapi(addRoute, async (c) =>
      c.json(await addOption(c.get('ctx'), requireCaller(c), c.req.valid('param').kind, c.req.valid('json')), 201),
    )
    .openapi(deleteRoute, async (c) => {
      const { kind, optionId } = c.req.valid('param');
      await deleteOption(c.get('ctx'), requireCaller(c), kind, optionId);
      return c.body(null, 204);
    });
}
