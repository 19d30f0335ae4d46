import { createRoute, z } from '@hono/zod-openapi';
import {
  addVolunteerResultSchema,
  goodieDistributionSchema,
  moveGoodiesResultSchema,
  myGoodiesSchema,
  volunteerAllocationSchema,
  volunteerAssignmentsSchema,
} from '@mingle/shared/volunteers/contract';
import { volunteerEndpoints } from '@mingle/shared/volunteers/endpoints';
import { distributeGoodieInputSchema } from '@mingle/shared/volunteers/inputs';
import {
  addVolunteerInputSchema,
  allocationInputSchema,
  moveGoodiesInputSchema,
} from '@mingle/shared/volunteers/management';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { addVolunteer, leaveVolunteering, moveGoodies, removeVolunteer, setAllocation } from './management.ts';
import { distributeGoodie, listAssignments, listMyGoodies } from './service.ts';

const base = '/api';
const tags = ['Volunteers'];

const assignmentsRoute = createRoute({
  ...endpointRoute(volunteerEndpoints.assignments, base),
  tags,
  summary: "The caller's volunteer assignments with allocated, distributed and remaining goodies",
  responses: { 200: jsonResponse(volunteerAssignmentsSchema, 'Assignments, soonest event first'), ...errorResponses(401) },
});

const myGoodiesRoute = createRoute({
  ...endpointRoute(volunteerEndpoints.myGoodies, base),
  tags,
  summary: 'The goodies the caller received as a participant, newest first',
  responses: { 200: jsonResponse(myGoodiesSchema, 'Goodies received'), ...errorResponses(401) },
});

const distributeRoute = createRoute({
  ...endpointRoute(volunteerEndpoints.distribute, base),
  tags,
  summary:
    "Give the scanned participant the event's goodie from the calling volunteer's allocation (atomic; a resent clientScanId never gives twice)",
  request: { params: z.object({ eventId: z.string() }), body: jsonBody(distributeGoodieInputSchema) },
  responses: {
    200: jsonResponse(goodieDistributionSchema, 'Given (or the earlier answer to the same scan id)'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const eventParams = z.object({ eventId: z.string() });

const addRoute = createRoute({
  ...endpointRoute(volunteerEndpoints.add, base),
  tags,
  summary:
    'Invite a volunteer by email (owner, co-owners, super admins): the role is granted only when the person accepts; the answer is the same whether or not the address has an account',
  request: { params: eventParams, body: jsonBody(addVolunteerInputSchema) },
  responses: { 201: jsonResponse(addVolunteerResultSchema, 'Invited'), ...errorResponses(400, 401, 403, 404, 429) },
});
const removeRoute = createRoute({
  ...endpointRoute(volunteerEndpoints.remove, base),
  tags,
  summary: 'Remove a volunteer (owner, co-owners, super admins): the assignment, a co-ownership and the organizer access go',
  request: { params: z.object({ eventId: z.string(), userId: z.string() }) },
  responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
});
const leaveRoute = createRoute({
  ...endpointRoute(volunteerEndpoints.leave, base),
  tags,
  summary: 'Give up your own volunteer role at an event (and a co-ownership with it)',
  request: { params: eventParams },
  responses: { 204: { description: 'Given up' }, ...errorResponses(401, 404) },
});

const allocationRoute = createRoute({
  ...endpointRoute(volunteerEndpoints.setAllocation, base),
  tags,
  summary: "Set a volunteer's allocated goodies (never below what they already distributed)",
  request: { params: z.object({ eventId: z.string(), userId: z.string() }), body: jsonBody(allocationInputSchema) },
  responses: { 200: jsonResponse(volunteerAllocationSchema, 'The allocation'), ...errorResponses(400, 401, 403, 404, 409) },
});

const moveRoute = createRoute({
  ...endpointRoute(volunteerEndpoints.move, base),
  tags,
  summary: "Move allocated goodies from one volunteer of the event to another (only the giver's undistributed ones)",
  request: { params: eventParams, body: jsonBody(moveGoodiesInputSchema) },
  responses: { 200: jsonResponse(moveGoodiesResultSchema, 'Both allocations after the move'), ...errorResponses(400, 401, 403, 404, 409) },
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
