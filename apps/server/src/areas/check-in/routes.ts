import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { checkInPageSchema, checkInResultSchema, checkInSettingsSchema, checkInSummarySchema, rosterSchema } from '@mingle/shared/check-in/contract';
import { checkInEndpoints } from '@mingle/shared/check-in/endpoints';
import { checkInInputSchema, checkInListQuerySchema, checkInSettingsInputSchema } from '@mingle/shared/check-in/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { etagMatches, revalidatedHeaders } from '../../platform/http/etag.ts';
import { csvRoute, endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { checkInsCsv } from './export.ts';
import { recentCheckIns, roster } from './door-lists.ts';
import { checkInSummary, getSettings, saveSettings } from './settings.ts';
import { checkIn, undoCheckIn } from './service.ts';

const base = '/api/events';
const tags = ['Check-in'];
const eventParams = z.object({ eventId: z.string() });

const checkInRoute = createRoute({
  ...endpointRoute(checkInEndpoints.checkIn, base),
  tags,
  summary:
    "Check a person in at the door (the event's volunteers and organizers) by their badge or personal QR or by id, once per point; a resent clientCheckInId answers what the first send did",
  request: { params: eventParams, body: jsonBody(checkInInputSchema) },
  responses: {
    200: jsonResponse(checkInResultSchema, 'Checked in, already checked in (when, by whom), or not on the list'),
    ...errorResponses(400, 401, 403, 404),
  },
});
const undoRoute = createRoute({
  ...endpointRoute(checkInEndpoints.undo, base),
  tags,
  summary: 'Undo a check-in (the door staff): the record stays, with who undid it and when',
  request: { params: z.object({ eventId: z.string(), checkInId: z.string() }) },
  responses: { 204: { description: 'Undone' }, ...errorResponses(401, 403, 404) },
});
const recentRoute = createRoute({
  ...endpointRoute(checkInEndpoints.recent, base),
  tags,
  summary: "The event's check-ins newest first, undone ones too (the door staff)",
  request: { params: eventParams, query: checkInListQuerySchema },
  responses: { 200: jsonResponse(checkInPageSchema, 'A page'), ...errorResponses(400, 401, 403, 404) },
});
const revalidated = {
  ETag: { description: "The roster's version: send it back in If-None-Match", schema: { type: 'string' as const } },
  'Cache-Control': { description: 'private, no-cache: kept by the browser, checked with the server before each use', schema: { type: 'string' as const } },
};
const rosterRoute = createRoute({
  ...endpointRoute(checkInEndpoints.roster, base),
  tags,
  summary: 'What a door phone keeps to check people in offline: points, and each registered person with the hashes of their codes',
  description:
    'Answered with an ETag: a phone polling it on a weak network gets 304 with no body while nothing changed (the ' +
    'browser does this by itself). Who may read it is checked first.',
  request: { params: eventParams, headers: z.object({ 'if-none-match': z.string().optional() }) },
  responses: {
    200: { ...jsonResponse(rosterSchema, 'The roster'), headers: revalidated },
    304: { description: 'The copy named by If-None-Match is current', headers: revalidated },
    ...errorResponses(401, 403, 404),
  },
});
const summaryRoute = createRoute({
  ...endpointRoute(checkInEndpoints.summary, base),
  tags,
  summary: 'Checked in of registered, per point and per quarter hour (organizers)',
  request: { params: eventParams },
  responses: { 200: jsonResponse(checkInSummarySchema, 'The figures'), ...errorResponses(401, 403, 404) },
});
const settingsRoute = createRoute({
  ...endpointRoute(checkInEndpoints.settings, base),
  tags,
  summary: "The event's check-in points and whether goodies wait for check-in (the door staff)",
  request: { params: eventParams },
  responses: { 200: jsonResponse(checkInSettingsSchema, 'The settings'), ...errorResponses(401, 403, 404) },
});
const saveSettingsRoute = createRoute({
  ...endpointRoute(checkInEndpoints.saveSettings, base),
  tags,
  summary: "Replace the check-in points (kept by id, new without one, removed when left out and unused) and the goodie rule (organizers)",
  request: { params: eventParams, body: jsonBody(checkInSettingsInputSchema) },
  responses: { 200: jsonResponse(checkInSettingsSchema, 'The settings as saved'), ...errorResponses(400, 401, 403, 404, 409) },
});

export function checkInRoutes() {
  const router = createRouter()
    .openapi(checkInRoute, async (c) => c.json(await checkIn(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('json')), 200))
    .openapi(undoRoute, async (c) => {
      const { eventId, checkInId } = c.req.valid('param');
      await undoCheckIn(c.get('ctx'), requireCaller(c), eventId, checkInId);
      return c.body(null, 204);
    })
    .openapi(summaryRoute, async (c) => c.json(await checkInSummary(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId), 200))
    .openapi(recentRoute, async (c) =>
      c.json(await recentCheckIns(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('query').cursor), 200),
    )
    .openapi(rosterRoute, async (c) => {
      const answer = await roster(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId);
      // The version is the content's (but for when it was made): a 2,000-person roster is a few hundred kilobytes.
      const { generatedAt: _made, ...content } = answer;
      const etag = `"${createHash('sha256').update(JSON.stringify(content)).digest('base64url')}"`;
      const headers = revalidatedHeaders(etag);
      const ifNoneMatch = c.req.valid('header')['if-none-match'];
      if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, etag)) return c.body(null, 304, headers);
      return c.json(answer, 200, headers);
    })
    .openapi(settingsRoute, async (c) => c.json(await getSettings(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId), 200))
    .openapi(saveSettingsRoute, async (c) =>
      c.json(await saveSettings(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('json')), 200),
    );
  csvRoute(router, {
    path: '/{eventId}/check-ins.csv',
    operationId: 'checkIn.exportCsv',
    tags,
    summary: 'Every door check-in (point, time, by whom, undone) as a CSV file (formula-safe), for the organizers',
    params: eventParams,
    load: (c) => checkInsCsv(c.get('ctx'), requireCaller(c), c.req.param('eventId') ?? ''),
  });
  return router;
}
