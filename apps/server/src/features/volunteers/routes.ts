import { createRoute, z } from '@hono/zod-openapi';
import { distributeGoodieInputSchema } from '@mingle/shared/schemas/volunteers';
import { requireCaller } from '../../auth/guards.ts';
import { createRouter } from '../../http/env.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { distributeGoodie, listAssignments } from './service.ts';

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

export function volunteerRoutes() {
  return createRouter()
    .openapi(assignmentsRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json({ assignments: await listAssignments(c.get('ctx'), caller) }, 200);
    })
    .openapi(distributeRoute, async (c) => {
      const caller = requireCaller(c);
      const result = await distributeGoodie(c.get('ctx'), caller, c.req.valid('param').eventId, c.req.valid('json'));
      return c.json(result, 200);
    });
}
