import { createRoute, z } from '@hono/zod-openapi';
import { requireCaller } from '../../auth/guards.ts';
import { createRouter } from '../../http/env.ts';
import { errorResponses, jsonResponse } from '../../http/openapi.ts';
import { getEventAnalytics, recordSessionView } from './service.ts';

const tags = ['Analytics'];
const count = z.number().int();

const analyticsRoute = createRoute({
  method: 'get',
  path: '/events/{eventId}/analytics',
  tags,
  summary: 'Event Analytics: six metrics, activity by day, sessions and sponsors (owner, co-owners, super admins)',
  request: { params: z.object({ eventId: z.string() }) },
  responses: {
    200: jsonResponse(
      z
        .object({
          event: z.object({ id: z.uuid(), name: z.string(), startDate: z.string(), endDate: z.string() }),
          metrics: z.object({
            registrations: count,
            pageViews: count,
            sessionViews: count,
            boothVisits: count,
            meetingRequests: count,
            engagements: count,
            engagementRate: z.number(),
          }),
          daily: z.array(
            z.object({ date: z.string(), registrations: count, pageViews: count, sessionViews: count, boothVisits: count, meetingRequests: count, engagements: count }),
          ),
          sessions: z.array(z.object({ id: z.uuid(), title: z.string(), views: count, bookmarks: count })),
          sponsors: z.array(z.object({ id: z.uuid(), companyName: z.string(), boothVisits: count, leads: count })),
        })
        .openapi('EventAnalytics'),
      'Analytics',
    ),
    ...errorResponses(401, 403, 404),
  },
});

const viewRoute = createRoute({
  method: 'post',
  path: '/sessions/{sessionId}/views',
  tags,
  summary: 'Record that the caller opened a session (a session_view row)',
  request: { params: z.object({ sessionId: z.string() }) },
  responses: { 204: { description: 'Recorded' }, ...errorResponses(401, 404) },
});

/** Mounted at /api: Event Analytics and session views. */
export function analyticsRoutes() {
  return createRouter()
    .openapi(analyticsRoute, async (c) => c.json(await getEventAnalytics(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId), 200))
    .openapi(viewRoute, async (c) => {
      await recordSessionView(c.get('ctx'), requireCaller(c), c.req.valid('param').sessionId);
      return c.body(null, 204);
    });
}
