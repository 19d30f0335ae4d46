import { createRoute, z } from '@hono/zod-openapi';
import { adminEventPageSchema, adminStatsSchema, adminUserPageSchema, queueHealthSchema, userRolesSchema } from '@mingle/shared/admin/contract';
import { adminEndpoints } from '@mingle/shared/admin/endpoints';
import { ticketPageSchema, ticketSchema } from '@mingle/shared/support/contract';
import { adminUsersQuerySchema, ticketActionInputSchema, userRolesInputSchema } from '@mingle/shared/support/inputs';
import { requireRole } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { adminEvents, adminStats, adminTickets, applyTicketAction, queueHealth, setUserRoles } from './service.ts';
import { adminUsers } from './users.ts';

const base = '/api';
const tags = ['Super Admin'];
const cursorQuery = z.object({ cursor: z.string().max(200).optional() });

const statsRoute = createRoute({
  ...endpointRoute(adminEndpoints.stats, base),
  tags,
  summary: 'The six cards of the Super Admin Dashboard (super_admin)',
  responses: { 200: jsonResponse(adminStatsSchema, 'Stats'), ...errorResponses(401, 403) },
});
const queueRoute = createRoute({
  ...endpointRoute(adminEndpoints.queue, base),
  tags,
  summary: "The job queue's health: jobs waiting, running, failed in 24 h, dead-lettered; emails failed in 24 h (super_admin)",
  responses: { 200: jsonResponse(queueHealthSchema, 'Queue health'), ...errorResponses(401, 403) },
});
const usersRoute = createRoute({
  ...endpointRoute(adminEndpoints.users, base),
  tags,
  summary: 'Users with their platform roles: searched by name or email, sorted, a page at a time (super_admin)',
  request: { query: adminUsersQuerySchema },
  responses: { 200: jsonResponse(adminUserPageSchema, 'A page'), ...errorResponses(400, 401, 403) },
});
const rolesRoute = createRoute({
  ...endpointRoute(adminEndpoints.setRoles, base),
  tags,
  summary: "Replace a user's platform roles (super_admin; never one's own super_admin)",
  request: { params: z.object({ userId: z.string() }), body: jsonBody(userRolesInputSchema) },
  responses: { 200: jsonResponse(userRolesSchema, 'Saved'), ...errorResponses(400, 401, 403, 404) },
});
const eventsRoute = createRoute({
  ...endpointRoute(adminEndpoints.events, base),
  tags,
  summary: 'Every event, newest first (super_admin)',
  request: { query: cursorQuery },
  responses: { 200: jsonResponse(adminEventPageSchema, 'A page'), ...errorResponses(400, 401, 403) },
});
const ticketsRoute = createRoute({
  ...endpointRoute(adminEndpoints.tickets, base),
  tags,
  summary: 'Every support ticket, newest first (super_admin)',
  request: { query: cursorQuery },
  responses: { 200: jsonResponse(ticketPageSchema, 'A page'), ...errorResponses(400, 401, 403) },
});
const ticketActionRoute = createRoute({
  ...endpointRoute(adminEndpoints.ticketAction, base),
  tags,
  summary: 'Start (open only), Resolve (unless resolved or closed) or Close (unless closed) a ticket (super_admin)',
  request: { params: z.object({ ticketId: z.string() }), body: jsonBody(ticketActionInputSchema) },
  responses: { 200: jsonResponse(ticketSchema, 'The ticket'), ...errorResponses(400, 401, 403, 404, 409) },
});

export function adminRoutes() {
  return createRouter()
    .openapi(statsRoute, async (c) => {
      requireRole(c, 'super_admin');
      return c.json(await adminStats(c.get('ctx')), 200);
    })
    .openapi(queueRoute, async (c) => {
      requireRole(c, 'super_admin');
      return c.json(await queueHealth(c.get('ctx')), 200);
    })
    .openapi(usersRoute, async (c) => {
      requireRole(c, 'super_admin');
      return c.json(await adminUsers(c.get('ctx'), c.req.valid('query')), 200);
    })
    .openapi(rolesRoute, async (c) => {
      const caller = requireRole(c, 'super_admin');
      return c.json(await setUserRoles(c.get('ctx'), caller, c.req.valid('param').userId, c.req.valid('json').roles), 200);
    })
    .openapi(eventsRoute, async (c) => {
      requireRole(c, 'super_admin');
      return c.json(await adminEvents(c.get('ctx'), c.req.valid('query').cursor), 200);
    })
    .openapi(ticketsRoute, async (c) => {
      requireRole(c, 'super_admin');
      return c.json(await adminTickets(c.get('ctx'), c.req.valid('query').cursor), 200);
    })
    .openapi(ticketActionRoute, async (c) => {
      requireRole(c, 'super_admin');
      return c.json(await applyTicketAction(c.get('ctx'), c.req.valid('param').ticketId, c.req.valid('json').action), 200);
    });
}
