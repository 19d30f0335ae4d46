import { createRoute, z } from '@hono/zod-openapi';
import { contactSubmissionPageSchema, ticketSchema } from '@mingle/shared/support/contract';
import { supportEndpoints } from '@mingle/shared/support/endpoints';
import { contactInputSchema, ticketInputSchema } from '@mingle/shared/support/inputs';
import { requireCaller, requireRole } from '../../platform/auth/guards.ts';
import { clientIp } from '../../platform/http/client-ip.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse, PUBLIC } from '../../platform/http/openapi.ts';
import { createTicket, listContactSubmissions, submitContact } from './service.ts';

const base = '/api';
const tags = ['Support'];

const createTicketRoute = createRoute({
  ...endpointRoute(supportEndpoints.createTicket, base),
  tags,
  summary: 'File a support ticket (signed in); created open',
  request: { body: jsonBody(ticketInputSchema) },
  responses: { 201: jsonResponse(ticketSchema, 'The ticket'), ...errorResponses(400, 401) },
});
const contactRoute = createRoute({
  ...endpointRoute(supportEndpoints.contact, base),
  ...PUBLIC,
  tags,
  summary: 'Send the contact form (no sign-in); 3 submissions an hour per email address and 20 per client address',
  request: { body: jsonBody(contactInputSchema) },
  responses: { 204: { description: 'Received' }, ...errorResponses(400, 429) },
});
const submissionsRoute = createRoute({
  ...endpointRoute(supportEndpoints.contactSubmissions, base),
  tags,
  summary: 'Contact form submissions, newest first, 50 a page (super_admin)',
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: { 200: jsonResponse(contactSubmissionPageSchema, 'A page of submissions'), ...errorResponses(400, 401, 403) },
});

export function supportRoutes() {
  return createRouter()
    .openapi(createTicketRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json(await createTicket(c.get('ctx'), caller, c.req.valid('json')), 201);
    })
    .openapi(contactRoute, async (c) => {
      await submitContact(c.get('ctx'), c.req.valid('json'), clientIp(c));
      return c.body(null, 204);
    })
    .openapi(submissionsRoute, async (c) => {
      requireRole(c, 'super_admin');
      return c.json(await listContactSubmissions(c.get('ctx'), c.req.valid('query').cursor), 200);
    });
}
