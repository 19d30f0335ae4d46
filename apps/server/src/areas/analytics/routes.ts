import { createRoute, z } from '@hono/zod-openapi';
import { eventAnalyticsSchema } from '@mingle/shared/analytics/contract';
import { analyticsEndpoints } from '@mingle/shared/analytics/endpoints';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonResponse } from '../../platform/http/openapi.ts';
import { getEventAnalytics, recordSessionView } from './service.ts';

const base = '/api';
const tags = ['Analytics'];

const analyticsRoute = createRoute({
  ...endpointRoute(analyticsEndpoints.event, base),
  tags,
  summary: 'Event Analytics: six metrics, activity by day, sessions and sponsors (owner, co-owners, super admins)',
  request: { params: z.object({ eventId: z.string() }) },
  responses: {
    200: jsonResponse(eventAnalyticsSchema, 'Analytics'),
    ...errorResponses(401, 403, 404),
  },
});

const viewRoute = createRoute({
  ...endpointRoute(analyticsEndpoints.sessionView, base),
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
