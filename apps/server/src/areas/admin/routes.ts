import { createRoute, z } from '@hono/zod-openapi';
import { PLATFORM_ROLES } from '@mingle/shared/core/constants';
import { adminUsersQuerySchema, ticketActionInputSchema, userRolesInputSchema } from '@mingle/shared/support/inputs';
import { requireRole } from '../../auth/guards.ts';
import { ticketSchema } from '../support/index.ts';
import { createRouter } from '../../http/env.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { adminEvents, adminStats, adminTickets, applyTicketAction, setUserRoles } from './service.ts';
import { adminUsers } from './users.ts';

const tags = ['Super Admin'];
const cursorQuery = z.object({ cursor: z.string().max(200).optional() });
const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

const statsSchema = z
  .object({
    totalUsers: z.number(),
    totalEvents: z.number(),
    activeEvents: z.number(),
    totalVolunteers: z.number(),
    goodiesDistributed: z.number(),
    openTickets: z.number(),
    health: z.object({ status: z.enum(['Good', 'Degraded']), databaseMs: z.number() }),
  })
  .openapi('AdminStats');
const userSchema = z
  .object({ id: z.uuid(), fullName: z.string(), email: z.string(), roles: z.array(z.enum(PLATFORM_ROLES)), createdAt: z.string() })
  .openapi('AdminUser');
const eventSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    ownerName: z.string().nullable(),
    attendees: z.number(),
  })
  .openapi('AdminEvent');

const statsRoute = createRoute({
  method: 'get',
  path: '/admin/stats',
  tags,
  summary: 'The six cards of the Super Admin Dashboard (super_admin)',
  responses: { 200: jsonResponse(statsSchema, 'Stats'), ...errorResponses(401, 403) },
});
const usersRoute = createRoute({
  method: 'get',
  path: '/admin/users',
  tags,
  summary: 'Users with their platform roles: searched by name or email, sorted, a page at a time (super_admin)',
  request: { query: adminUsersQuerySchema },
  responses: {
    200: jsonResponse(pageOf(userSchema), 'A page'),
    ...errorResponses(400, 401, 403),
  },
});
const rolesRoute = createRoute({
  method: 'put',
  path: '/admin/users/{userId}/roles',
  tags,
  summary: "Replace a user's platform roles (super_admin; never one's own super_admin)",
  request: { params: z.object({ userId: z.string() }), body: jsonBody(userRolesInputSchema) },
  responses: {
    200: jsonResponse(z.object({ userId: z.uuid(), roles: z.array(z.enum(PLATFORM_ROLES)) }), 'Saved'),
    ...errorResponses(400, 401, 403, 404),
  },
});
const eventsRoute = createRoute({
  method: 'get',
  path: '/admin/events',
  tags,
  summary: 'Every event, newest first (super_admin)',
  request: { query: cursorQuery },
  responses: { 200: jsonResponse(pageOf(eventSchema), 'A page'), ...errorResponses(400, 401, 403) },
});
const ticketsRoute = createRoute({
  method: 'get',
  path: '/admin/tickets',
  tags,
  summary: 'Every support ticket, newest first (super_admin)',
  request: { query: cursorQuery },
  responses: { 200: jsonResponse(pageOf(ticketSchema), 'A page'), ...errorResponses(400, 401, 403) },
});
const ticketActionRoute = createRoute({
  method: 'post',
  path: '/admin/tickets/{ticketId}/status',
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
