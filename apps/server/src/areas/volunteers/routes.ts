import { createRoute, z } from '@hono/zod-openapi';
import { distributeGoodieInputSchema } from '@mingle/shared/volunteers/inputs';
import {
  addVolunteerInputSchema,
  allocationInputSchema,
  moveGoodiesInputSchema,
} from '@mingle/shared/volunteers/management';
import { requireCaller } from '../../auth/guards.ts';
import { createRouter } from '../../http/env.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { addVolunteer, leaveVolunteering, moveGoodies, removeVolunteer, setAllocation } from './management.ts';
import { distributeGoodie, listAssignments, listMyGoodies } from './service.ts';

const tags = ['Volunteers'];

const assignmentSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    eventName: z.string(),
    eventSlug: z.string(),
    location: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string(),
    allocatedGoodies: z.number().int(),
    distributedGoodies: z.number().int(),
    remainingGoodies: z.number().int(),
  })
  .openapi('VolunteerAssignment');

const distributionSchema = z
  .object({
    success: z.literal(true),
    participantId: z.uuid(),
    participantName: z.string(),
    remainingGoodies: z.number().int(),
    distributedAt: z.string(),
    replayed: z.boolean().openapi({ description: 'The scan id was already processed: nothing new was given' }),
  })
  .openapi('GoodieDistribution');

const assignmentsRoute = createRoute({
  method: 'get',
  path: '/me/volunteer-assignments',
  tags,
  summary: "The caller's volunteer assignments with allocated, distributed and remaining goodies",
  responses: {
    200: jsonResponse(z.object({ assignments: z.array(assignmentSchema) }), 'Assignments, soonest event first'),
    ...errorResponses(401),
  },
});

const myGoodieSchema = z
  .object({ eventId: z.uuid(), eventName: z.string(), receivedAt: z.string(), giverName: z.string().nullable() })
  .openapi('MyGoodie');

const myGoodiesRoute = createRoute({
  method: 'get',
  path: '/me/goodies',
  tags,
  summary: 'The goodies the caller received as a participant, newest first',
  responses: {
    200: jsonResponse(z.object({ goodies: z.array(myGoodieSchema) }), 'Goodies received'),
    ...errorResponses(401),
  },
});

const distributeRoute = createRoute({
  method: 'post',
  path: '/events/{eventId}/goodie-distributions',
  tags,
  summary:
    "Give the scanned participant the event's goodie from the calling volunteer's allocation (atomic; a resent clientScanId never gives twice)",
  request: { params: z.object({ eventId: z.string() }), body: jsonBody(distributeGoodieInputSchema) },
  responses: {
    200: jsonResponse(distributionSchema, 'Given (or the earlier answer to the same scan id)'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const allocationSchema = z
  .object({ userId: z.uuid(), fullName: z.string(), allocatedGoodies: z.number().int(), distributedGoodies: z.number().int() })
  .openapi('VolunteerAllocation');
const eventParams = z.object({ eventId: z.string() });

const addRoute = createRoute({
  method: 'post',
  path: '/events/{eventId}/volunteers',
  tags,
  summary:
    'Invite a volunteer by email (owner, co-owners, super admins): the role is granted only when the person accepts; the answer is the same whether or not the address has an account',
  request: { params: eventParams, body: jsonBody(addVolunteerInputSchema) },
  responses: {
    201: jsonResponse(z.object({ outcome: z.literal('invited'), email: z.string(), emailSent: z.boolean() }), 'Invited'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});
const removeRoute = createRoute({
  method: 'delete',
  path: '/events/{eventId}/volunteers/{userId}',
  tags,
  summary: 'Remove a volunteer (owner, co-owners, super admins): the assignment, a co-ownership and the organizer access go',
  request: { params: z.object({ eventId: z.string(), userId: z.string() }) },
  responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
});
const leaveRoute = createRoute({
  method: 'delete',
  path: '/me/volunteer-assignments/{eventId}',
  tags,
  summary: 'Give up your own volunteer role at an event (and a co-ownership with it)',
  request: { params: eventParams },
  responses: { 204: { description: 'Given up' }, ...errorResponses(401, 404) },
});

const allocationRoute = createRoute({
  method: 'put',
  path: '/events/{eventId}/volunteers/{userId}/allocation',
  tags,
  summary: "Set a volunteer's allocated goodies (never below what they already distributed)",
  request: { params: z.object({ eventId: z.string(), userId: z.string() }), body: jsonBody(allocationInputSchema) },
  responses: { 200: jsonResponse(allocationSchema, 'The allocation'), ...errorResponses(400, 401, 403, 404, 409) },
});

const moveRoute = createRoute({
  method: 'post',
  path: '/events/{eventId}/goodie-transfers',
  tags,
  summary: "Move allocated goodies from one volunteer of the event to another (only the giver's undistributed ones)",
  request: { params: eventParams, body: jsonBody(moveGoodiesInputSchema) },
  responses: {
    200: jsonResponse(z.object({ from: allocationSchema, to: allocationSchema }), 'Both allocations after the move'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function volunteerRoutes() {
  return createRouter()
    .openapi(assignmentsRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json({ assignments: await listAssignments(c.get('ctx'), caller) }, 200);
    })
    .openapi(myGoodiesRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json({ goodies: await listMyGoodies(c.get('ctx'), caller) }, 200);
    })
    .openapi(distributeRoute, async (c) => {
      const caller = requireCaller(c);
      const result = await distributeGoodie(c.get('ctx'), caller, c.req.valid('param').eventId, c.req.valid('json'));
      return c.json(result, 200);
    })
    .openapi(addRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json(await addVolunteer(c.get('ctx'), caller, c.req.valid('param').eventId, c.req.valid('json')), 201);
    })
    .openapi(removeRoute, async (c) => {
      const caller = requireCaller(c);
      const { eventId, userId } = c.req.valid('param');
      await removeVolunteer(c.get('ctx'), caller, eventId, userId);
      return c.body(null, 204);
    })
    .openapi(leaveRoute, async (c) => {
      const caller = requireCaller(c);
      await leaveVolunteering(c.get('ctx'), caller, c.req.valid('param').eventId);
      return c.body(null, 204);
    })
    .openapi(allocationRoute, async (c) => {
      const caller = requireCaller(c);
      const { eventId, userId } = c.req.valid('param');
      return c.json(await setAllocation(c.get('ctx'), caller, eventId, userId, c.req.valid('json').allocatedGoodies), 200);
    })
    .openapi(moveRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json(await moveGoodies(c.get('ctx'), caller, c.req.valid('param').eventId, c.req.valid('json')), 200);
    });
}
