import { createRoute, z } from '@hono/zod-openapi';
import {
  directoryUserPageSchema,
  eventVolunteersSchema,
  goodieRecipientPageSchema,
  managerOverviewSchema,
  promotionSchema,
} from '@mingle/shared/manager-dashboard/contract';
import { managerDashboardEndpoints } from '@mingle/shared/manager-dashboard/endpoints';
import { managerTicketActionInputSchema } from '@mingle/shared/manager-dashboard/inputs';
import { ticketPageSchema, ticketSchema } from '@mingle/shared/support/contract';
import { promoteInputSchema } from '@mingle/shared/volunteers/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import type { Context } from 'hono';
import { type AppEnv, createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import {
  assertManagerAccess,
  directoryUsers,
  eventVolunteerList,
  goodieRecipients,
  managedEvents,
  managerStats,
  leaveCoOwnership,
  promoteToCoOwner,
  removeCoOwner,
} from './service.ts';
import { managerTicketAction, managerTickets } from './tickets.ts';

const base = '/api';
const tags = ['Event Manager Dashboard'];
const cursorQuery = z.object({ cursor: z.string().max(200).optional() });

const overviewRoute = createRoute({
  ...endpointRoute(managerDashboardEndpoints.overview, base),
  tags,
  summary: 'Stat cards and My Events (event_owner, event_volunteer, super_admin): events created or co-owned by the caller',
  responses: { 200: jsonResponse(managerOverviewSchema, 'The overview'), ...errorResponses(401, 403) },
});
const recipientsRoute = createRoute({
  ...endpointRoute(managerDashboardEndpoints.recipients, base),
  tags,
  summary: "Attendees of the caller's events who received goodies, newest first, with the giver",
  request: { query: cursorQuery },
  responses: { 200: jsonResponse(goodieRecipientPageSchema, 'A page'), ...errorResponses(400, 401, 403) },
});
const volunteersRoute = createRoute({
  ...endpointRoute(managerDashboardEndpoints.volunteers, base),
  tags,
  summary: "Volunteers of the caller's events with allocated and distributed goodies",
  responses: { 200: jsonResponse(eventVolunteersSchema, 'Volunteers'), ...errorResponses(401, 403) },
});
const usersRoute = createRoute({
  ...endpointRoute(managerDashboardEndpoints.users, base),
  tags,
  summary: "All Users: everyone for super admins; the people registered for the caller's events otherwise",
  request: { query: cursorQuery },
  responses: { 200: jsonResponse(directoryUserPageSchema, 'A page'), ...errorResponses(400, 401, 403) },
});
const promoteRoute = createRoute({
  ...endpointRoute(managerDashboardEndpoints.promote, base),
  tags,
  summary:
    'Invite a volunteer of the event to become Event Co-Owner (owner, co-owners, super admins): granted only when they accept',
  request: { params: z.object({ eventId: z.string() }), body: jsonBody(promoteInputSchema) },
  responses: { 201: jsonResponse(promotionSchema, 'Invited'), ...errorResponses(400, 401, 403, 404, 409, 429) },
});
const removeCoOwnerRoute = createRoute({
  ...endpointRoute(managerDashboardEndpoints.removeCoOwner, base),
  tags,
  summary: 'Take a co-ownership back (owner, co-owners, super admins); the person stays a volunteer',
  request: { params: z.object({ eventId: z.string(), userId: z.string() }) },
  responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
});
const leaveCoOwnershipRoute = createRoute({
  ...endpointRoute(managerDashboardEndpoints.leaveCoOwnership, base),
  tags,
  summary: 'Give up your own co-ownership of an event (you stay a volunteer)',
  request: { params: z.object({ eventId: z.string() }) },
  responses: { 204: { description: 'Given up' }, ...errorResponses(401, 404) },
});

const ticketsRoute = createRoute({
  ...endpointRoute(managerDashboardEndpoints.tickets, base),
  tags,
  summary: "Tickets tab: support tickets of the people of the caller's events (every ticket for super admins), newest first",
  request: { query: cursorQuery },
  responses: { 200: jsonResponse(ticketPageSchema, 'A page'), ...errorResponses(400, 401, 403) },
});
const ticketActionRoute = createRoute({
  ...endpointRoute(managerDashboardEndpoints.ticketAction, base),
  tags,
  summary: 'Start (open only) or Resolve (unless resolved or closed) a ticket in the caller\'s scope; stamps updated_at',
  request: { params: z.object({ ticketId: z.string() }), body: jsonBody(managerTicketActionInputSchema) },
  responses: { 200: jsonResponse(ticketSchema, 'The ticket'), ...errorResponses(400, 401, 403, 404, 409) },
});

async function requireManager(c: Context<AppEnv>) {
  const caller = requireCaller(c);
  await assertManagerAccess(c.get('ctx'), caller);
  return caller;
}

export function managerDashboardRoutes() {
  return createRouter()
    .openapi(overviewRoute, async (c) => {
      const caller = await requireManager(c);
      const ctx = c.get('ctx');
      const [stats, events] = await Promise.all([managerStats(ctx, caller), managedEvents(ctx, caller)]);
      return c.json({ stats, events }, 200);
    })
    .openapi(recipientsRoute, async (c) => {
      const caller = await requireManager(c);
      return c.json(await goodieRecipients(c.get('ctx'), caller, c.req.valid('query').cursor), 200);
    })
    .openapi(volunteersRoute, async (c) => {
      const caller = await requireManager(c);
      return c.json({ volunteers: await eventVolunteerList(c.get('ctx'), caller) }, 200);
    })
    .openapi(usersRoute, async (c) => {
      const caller = await requireManager(c);
      return c.json(await directoryUsers(c.get('ctx'), caller, c.req.valid('query').cursor), 200);
    })
    .openapi(ticketsRoute, async (c) => {
      const caller = await requireManager(c);
      return c.json(await managerTickets(c.get('ctx'), caller, c.req.valid('query').cursor), 200);
    })
    .openapi(ticketActionRoute, async (c) => {
      const caller = await requireManager(c);
      const { ticketId } = c.req.valid('param');
      return c.json(await managerTicketAction(c.get('ctx'), caller, ticketId, c.req.valid('json').action), 200);
    })
    .openapi(removeCoOwnerRoute, async (c) => {
      const caller = requireCaller(c);
      const { eventId, userId } = c.req.valid('param');
      await removeCoOwner(c.get('ctx'), caller, eventId, userId);
      return c.body(null, 204);
    })
    .openapi(leaveCoOwnershipRoute, async (c) => {
      const caller = requireCaller(c);
      await leaveCoOwnership(c.get('ctx'), caller, c.req.valid('param').eventId);
      return c.body(null, 204);
    })
    .openapi(promoteRoute, async (c) => {
      const caller = requireCaller(c);
      const promoted = await promoteToCoOwner(c.get('ctx'), caller, c.req.valid('param').eventId, c.req.valid('json').userId);
      return c.json(promoted, 201);
    });
}
