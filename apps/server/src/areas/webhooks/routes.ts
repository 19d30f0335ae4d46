import { createRoute, z } from '@hono/zod-openapi';
import { webhookDeliveryPageSchema, webhookDeliverySchema, webhookEndpointListSchema, webhookEndpointSchema, webhookSecretSchema } from '@mingle/shared/webhooks/contract';
import { webhookEndpoints } from '@mingle/shared/webhooks/endpoints';
import { webhookDeliveriesQuerySchema, webhookEndpointInputSchema, webhookEndpointUpdateSchema } from '@mingle/shared/webhooks/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  revealSecret,
  rotateSecret,
  sendPing,
  updateEndpoint,
} from './service.ts';

const base = '/api/events';
const tags = ['Webhooks'];
const eventParams = z.object({ eventId: z.string() });
const endpointParams = z.object({ eventId: z.string(), endpointId: z.string() });

const listRoute = createRoute({
  ...endpointRoute(webhookEndpoints.list, base),
  tags,
  summary: "The event's webhook endpoints, each with its latest delivery (the event's organizers)",
  request: { params: eventParams },
  responses: { 200: jsonResponse(webhookEndpointListSchema, 'The endpoints'), ...errorResponses(401, 403, 404) },
});
const createEndpointRoute = createRoute({
  ...endpointRoute(webhookEndpoints.create, base),
  tags,
  summary: 'Add a webhook endpoint: an https URL on a public address and the event types it receives; it gets its own signing secret',
  request: { params: eventParams, body: jsonBody(webhookEndpointInputSchema) },
  responses: { 201: jsonResponse(webhookEndpointSchema, 'Added'), ...errorResponses(400, 401, 403, 404, 409) },
});
const updateRoute = createRoute({
  ...endpointRoute(webhookEndpoints.update, base),
  tags,
  summary: 'Change an endpoint (URL, description, event types) or turn it off or on again; on again, what waited is sent in order',
  request: { params: endpointParams, body: jsonBody(webhookEndpointUpdateSchema) },
  responses: { 200: jsonResponse(webhookEndpointSchema, 'The endpoint as saved'), ...errorResponses(400, 401, 403, 404) },
});
const removeRoute = createRoute({
  ...endpointRoute(webhookEndpoints.remove, base),
  tags,
  summary: 'Remove an endpoint and its delivery log',
  request: { params: endpointParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
});
const secretRoute = createRoute({
  ...endpointRoute(webhookEndpoints.secret, base),
  tags,
  summary: "The endpoint's signing secret (whsec_...), to verify deliveries with",
  request: { params: endpointParams },
  responses: { 200: jsonResponse(webhookSecretSchema, 'The secret'), ...errorResponses(401, 403, 404) },
});
const rotateRoute = createRoute({
  ...endpointRoute(webhookEndpoints.rotateSecret, base),
  tags,
  summary: 'Replace the signing secret: every try from now on is signed with the new one',
  request: { params: endpointParams },
  responses: { 200: jsonResponse(webhookSecretSchema, 'The new secret'), ...errorResponses(401, 403, 404) },
});
const deliveriesRoute = createRoute({
  ...endpointRoute(webhookEndpoints.deliveries, base),
  tags,
  summary: "The endpoint's delivery log, newest first (?cursor= for the next page): status, tries, last answer's code and time",
  request: { params: endpointParams, query: webhookDeliveriesQuerySchema },
  responses: { 200: jsonResponse(webhookDeliveryPageSchema, 'A page'), ...errorResponses(400, 401, 403, 404) },
});
const resendRoute = createRoute({
  ...endpointRoute(webhookEndpoints.resend, base),
  tags,
  summary: 'Send a delivery again, with the same webhook-id and body (a new row in the log)',
  request: { params: z.object({ eventId: z.string(), endpointId: z.string(), deliveryId: z.string() }) },
  responses: { 202: jsonResponse(webhookDeliverySchema, 'Queued'), ...errorResponses(401, 403, 404, 409) },
});
const pingRoute = createRoute({
  ...endpointRoute(webhookEndpoints.ping, base),
  tags,
  summary: 'Send the endpoint a signed test ping',
  request: { params: endpointParams },
  responses: { 202: jsonResponse(webhookDeliverySchema, 'Queued'), ...errorResponses(401, 403, 404, 409) },
});

export function webhookRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listEndpoints(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId), 200))
    .openapi(createEndpointRoute, async (c) =>
      c.json(await createEndpoint(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('json')), 201),
    )
    .openapi(updateRoute, async (c) => {
      const { eventId, endpointId } = c.req.valid('param');
      return c.json(await updateEndpoint(c.get('ctx'), requireCaller(c), eventId, endpointId, c.req.valid('json')), 200);
    })
    .openapi(removeRoute, async (c) => {
      const { eventId, endpointId } = c.req.valid('param');
      await deleteEndpoint(c.get('ctx'), requireCaller(c), eventId, endpointId);
      return c.body(null, 204);
    })
    .openapi(secretRoute, async (c) => {
      const { eventId, endpointId } = c.req.valid('param');
      return c.json(await revealSecret(c.get('ctx'), requireCaller(c), eventId, endpointId), 200, { 'cache-control': 'no-store' });
    })
    .openapi(rotateRoute, async (c) => {
      const { eventId, endpointId } = c.req.valid('param');
      return c.json(await rotateSecret(c.get('ctx'), requireCaller(c), eventId, endpointId), 200, { 'cache-control': 'no-store' });
    })
    .openapi(deliveriesRoute, async (c) => {
      const { eventId, endpointId } = c.req.valid('param');
      return c.json(await listDeliveries(c.get('ctx'), requireCaller(c), eventId, endpointId, c.req.valid('query').cursor), 200);
    })
    .openapi(resendRoute, async (c) => {
      const { eventId, endpointId, deliveryId } = c.req.valid('param');
      return c.json(await resendDelivery(c.get('ctx'), requireCaller(c), eventId, endpointId, deliveryId), 202);
    })
    .openapi(pingRoute, async (c) => {
      const { eventId, endpointId } = c.req.valid('param');
      return c.json(await sendPing(c.get('ctx'), requireCaller(c), eventId, endpointId), 202);
    });
}
