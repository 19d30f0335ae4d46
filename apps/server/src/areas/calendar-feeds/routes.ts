import { createRoute, z } from '@hono/zod-openapi';
import { calendarFeedLinkSchema, calendarFeedsSchema } from '@mingle/shared/calendar-feeds/contract';
import { calendarFeedEndpoints } from '@mingle/shared/calendar-feeds/endpoints';
import { CALENDAR_FEED_NOT_FOUND_MESSAGE, calendarFeedKindSchema } from '@mingle/shared/calendar-feeds/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { notFound } from '../../platform/http/errors.ts';
import { etagMatches } from '../../platform/http/etag.ts';
import { documentRoute, endpointRoute, errorResponses, fileResponse, jsonResponse, PUBLIC } from '../../platform/http/openapi.ts';
import { createFeed, feedCalendar, listFeeds, revokeFeed } from './service.ts';

const base = '/api';
const tags = ['Calendar feeds'];
const kindParams = z.object({ kind: calendarFeedKindSchema });

const listRoute = createRoute({
  ...endpointRoute(calendarFeedEndpoints.list, base),
  tags,
  summary: "The caller's calendar feeds that are on (My Schedule, meetings), without their addresses",
  responses: { 200: jsonResponse(calendarFeedsSchema, 'The feeds'), ...errorResponses(401) },
});

const createFeedRoute = createRoute({
  ...endpointRoute(calendarFeedEndpoints.create, base),
  tags,
  summary: 'Turn a calendar feed on, or give it a new address (the old one stops working); the address is answered only here',
  request: { params: kindParams },
  responses: { 201: jsonResponse(calendarFeedLinkSchema, 'The feed and its address, https and webcal'), ...errorResponses(400, 401) },
});

const revokeRoute = createRoute({
  ...endpointRoute(calendarFeedEndpoints.revoke, base),
  tags,
  summary: 'Turn a calendar feed off: its address answers 404 from now on',
  request: { params: kindParams },
  responses: { 204: { description: 'The feed is off' }, ...errorResponses(400, 401) },
});

/** Mounted at /api: the signed-in person's calendar feeds, and the feed a calendar app polls. */
export function calendarFeedRoutes() {
  const router = createRouter()
    .openapi(listRoute, async (c) =>
      c.json({ feeds: await listFeeds(c.get('ctx'), requireCaller(c)) }, 200, { 'Cache-Control': 'private, no-store' }),
    )
    .openapi(createFeedRoute, async (c) =>
      c.json(await createFeed(c.get('ctx'), requireCaller(c), c.req.valid('param').kind), 201, { 'Cache-Control': 'private, no-store' }),
    )
    .openapi(revokeRoute, async (c) => {
      await revokeFeed(c.get('ctx'), requireCaller(c), c.req.valid('param').kind);
      return c.body(null, 204);
    });

  // The feed (text/calendar, not JSON): no cookie, the secret address is the credential. Kept by the calendar app
  // only (`private`) and revalidated with its ETag on each poll.
  router.get('/calendar-feeds/:file', async (c) => {
    const file = c.req.param('file');
    if (!file.endsWith('.ics')) throw notFound(CALENDAR_FEED_NOT_FOUND_MESSAGE);
    const { body, etag } = await feedCalendar(c.get('ctx'), file.slice(0, -'.ics'.length));
    const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, etag)) return c.body(null, 304, headers);
    return c.body(body, 200, { ...headers, 'Content-Type': 'text/calendar; charset=utf-8' });
  });
  documentRoute(router, {
    method: 'get',
    path: '/calendar-feeds/{file}',
    operationId: 'calendarFeeds.feed',
    tags,
    summary: 'A calendar feed, polled by a calendar app without a cookie: `{token}.ics`, the secret address being the credential; 304 with its ETag',
    ...PUBLIC,
    request: { params: z.object({ file: z.string().openapi({ example: 'token.ics' }) }) },
    responses: { 200: fileResponse('text/calendar', 'The calendar'), 304: { description: 'Unchanged since the ETag given' }, ...errorResponses(404, 429) },
  });
  return router;
}
