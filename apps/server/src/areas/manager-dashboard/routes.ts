import { createRoute, z } from '@hono/zod-openapi';
import { promoteInputSchema } from '@mingle/shared/volunteers/inputs';
import { ticketSchema } from '../support/index.ts';
import { requireCaller } from '../../auth/guards.ts';
import type { Context } from 'hono';
import { type AppEnv, createRouter } from '../../http/env.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi.ts';
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
import { MANAGER_TICKET_ACTIONS, managerTicketAction, managerTickets } from './tickets.ts';

const tags = ['Event Manager Dashboard'];
const cursorQuery = z.object({ cursor: z.string().max(200).optional() });

const statsSchema = z
  .object({ totalUsers: z.number(), totalAttendees: z.number(), goodiesDistributed: z.number(), myEvents: z.number() })
  .openapi('ManagerStats');
const eventSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    location: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string(),
    description: z.string().nullable(),
    logoUrl: z.string().nullable(),
    customDomain: z.string().nullable(),
    isOwner: z.boolean(),
  })
  .openapi('ManagedEvent');
const recipientSchema = z
  .object({
    attendeeId: z.uuid(),
    eventId: z.uuid(),
    eventName: z.string(),
    userId: z.uuid(),
    fullName: z.string(),
    giverName: z.string().nullable(),
    receivedAt: z.string(),
  })
  .openapi('GoodieRecipient');
const volunteerSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    eventName: z.string(),
    userId: z.uuid(),
    fullName: z.string(),
    allocatedGoodies: z.number(),
    distributedGoodies: z.number(),
    isCoOwner: z.boolean(),
  })
  .openapi('EventVolunteer');
const userSchema = z
  .object({
    id: z.uuid(),
    fullName: z.string(),
    userType: z.string().nullable(),
    companyOrInstitution: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('DirectoryUser');

const overviewRoute = createRoute({
  method: 'get',
  path: '/manager/overview',
  tags,
  summary: 'Stat cards and My Events (event_owner, event_volunteer, super_admin): events created or co-owned by the caller',
  responses: {
    200: jsonResponse(z.object({ stats: statsSchema, events: z.array(eventSchema) }), 'The overview'),
    ...errorResponses(401, 403),
  },
});
const recipientsRoute = createRoute({
  method: 'get',
  path: '/manager/goodie-recipients',
  tags,
  summary: "Attendees of the caller's events who received goodies, newest first, with the giver",
  request: { query: cursorQuery },
  responses: {
    200: jsonResponse(z.object({ items: z.array(recipientSchema), nextCursor: z.string().nullable() }), 'A page'),
    ...errorResponses(400, 401, 403),
  },
});
const volunteersRoute = createRoute({
  method: 'get',
  path: '/manager/volunteers',
  tags,
  summary: "Volunteers of the caller's events with allocated and distributed goodies",
  responses: { 200: jsonResponse(z.object({ volunteers: z.array(volunteerSchema) }), 'Volunteers'), ...errorResponses(401, 403) },
});
const usersRoute = createRoute({
  method: 'get',
  path: '/manager/users',
  tags,
  summary: "All Users: everyone for super admins; the people registered for the caller's events otherwise",
  request: { query: cursorQuery },
  responses: {
    200: jsonResponse(z.object({ items: z.array(userSchema), nextCursor: z.string().nullable() }), 'A page'),
    ...errorResponses(400, 401, 403),
  },
});
const promoteRoute = createRoute({
  method: 'post',
  path: '/events/{eventId}/co-owners',
  tags,
  summary:
    'Invite a volunteer of the event to become Event Co-Owner (owner, co-owners, super admins): granted only when they accept',
  request: { params: z.object({ eventId: z.string() }), body: jsonBody(promoteInputSchema) },
  responses: {
    201: jsonResponse(z.object({ userId: z.uuid(), fullName: z.string(), emailSent: z.boolean() }), 'Invited'),
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});
const removeCoOwnerRoute = createRoute({
  method: 'delete',
  path: '/events/{eventId}/co-owners/{userId}',
  tags,
  summary: 'Take a co-ownership back (owner, co-owners, super admins); the person stays a volunteer',
  request: { params: z.object({ eventId: z.string(), userId: z.string() }) },
  responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
});
const leaveCoOwnershipRoute = createRoute({
  method: 'delete',
  path: '/me/co-ownerships/{eventId}',
  tags,
  summary: 'Give up your own co-ownership of an event (you stay a volunteer)',
  request: { params: z.object({ eventId: z.string() }) },
  responses: { 204: { description: 'Given up' }, ...errorResponses(401, 404) },
});

const ticketsRoute = createRoute({
  method: 'get',
  path: '/manager/tickets',
  tags,
  summary: "Tickets tab: support tickets of the people of the caller's events (every ticket for super admins), newest first",
  request: { query: cursorQuery },
  responses: {
    200: jsonResponse(z.object({ items: z.array(ticketSchema), nextCursor: z.string().nullable() }), 'A page'),
    ...errorResponses(400, 401, 403),
  },
});
const ticketActionRoute = createRoute({
  method: 'post',
  path: '/manager/tickets/{ticketId}/status',
  tags,
  summary: 'Start (open only) or Resolve (unless resolved or closed) a ticket in the caller\'s scope; stamps updated_at',
  request: { params: z.object({ ticketId: z.string() }), body: jsonBody(z.object({ action: z.enum(MANAGER_TICKET_ACTIONS) })) },
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
