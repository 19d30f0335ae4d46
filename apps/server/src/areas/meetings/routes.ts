import { createRoute, z } from '@hono/zod-openapi';
import { MEETING_DURATION_LIMITS } from '@mingle/shared/core/constants';
import { meetingPartnerSchema, meetingSchema, meetingsSchema, overlapSchema } from '@mingle/shared/meetings/contract';
import { meetingEndpoints } from '@mingle/shared/meetings/endpoints';
import { meetingActionSchema, meetingRequestSchema } from '@mingle/shared/meetings/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { conflict } from '../../platform/http/errors.ts';
import { csvRoute, documentRoute, endpointRoute, errorResponses, fileResponse, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { meetingCalendar } from './calendar.ts';
import { eventMeetingsCsv, myMeetingsCsv } from './export.ts';
import { actOnMeeting, findMeetingPartner, findOverlaps, getMeeting, listMeetings, requestMeeting } from './service.ts';
import { msg } from '@mingle/shared/core/messages';

const base = '/api/meetings';
const tags = ['Meetings'];
const idParams = z.object({ meetingId: z.string() });

const listRoute = createRoute({
  ...endpointRoute(meetingEndpoints.list, base),
  tags,
  summary: "My Meetings: the caller's pending and accepted meetings, by proposed time",
  responses: { 200: jsonResponse(meetingsSchema, 'Meetings'), ...errorResponses(401) },
});

const createMeetingRoute = createRoute({
  ...endpointRoute(meetingEndpoints.request, base),
  tags,
  summary: 'Request a meeting with someone you share a networking-enabled event with or are connected to',
  request: { body: jsonBody(meetingRequestSchema) },
  responses: { 201: jsonResponse(meetingSchema, 'The pending request'), ...errorResponses(400, 401, 403, 404) },
});

const actRoute = createRoute({
  ...endpointRoute(meetingEndpoints.act, base),
  tags,
  summary: 'Accept or decline (recipient, pending), cancel (requester while pending, either once accepted)',
  request: { params: idParams, body: jsonBody(meetingActionSchema) },
  responses: { 200: jsonResponse(meetingSchema, 'The meeting'), ...errorResponses(400, 401, 403, 404, 409) },
});

const overlapRoute = createRoute({
  ...endpointRoute(meetingEndpoints.overlaps, base),
  tags,
  summary: 'Whether a proposed slot overlaps an accepted meeting of the caller or of the other person',
  request: {
    query: z.object({
      userId: z.string(),
      start: z.string(),
      durationMinutes: z.coerce.number().int().min(MEETING_DURATION_LIMITS.min).max(MEETING_DURATION_LIMITS.max),
    }),
  },
  responses: { 200: jsonResponse(overlapSchema, 'Overlaps'), ...errorResponses(400, 401) },
});

const partnerRoute = createRoute({
  ...endpointRoute(meetingEndpoints.partner, base),
  tags,
  summary: 'The person /meetings?with= preselects: someone the caller may request a meeting with, else 404',
  request: { params: z.object({ userId: z.string() }) },
  responses: { 200: jsonResponse(meetingPartnerSchema, 'The person'), ...errorResponses(400, 401, 404) },
});

/** Mounted at /api/meetings. */
export function meetingRoutes() {
  const router = createRouter()
    .openapi(listRoute, async (c) => c.json({ meetings: await listMeetings(c.get('ctx'), requireCaller(c)) }, 200))
    .openapi(partnerRoute, async (c) => c.json(await findMeetingPartner(c.get('ctx'), requireCaller(c), c.req.valid('param').userId), 200))
    .openapi(overlapRoute, async (c) => c.json(await findOverlaps(c.get('ctx'), requireCaller(c), c.req.valid('query')), 200))
    .openapi(createMeetingRoute, async (c) => c.json(await requestMeeting(c.get('ctx'), requireCaller(c), c.req.valid('json')), 201))
    .openapi(actRoute, async (c) =>
      c.json(await actOnMeeting(c.get('ctx'), requireCaller(c), c.req.valid('param').meetingId, c.req.valid('json').action), 200),
    );
  csvRoute(router, {
    path: '/export.csv',
    operationId: 'meetings.exportCsv',
    tags,
    summary: "The caller's own pending and accepted meetings as a CSV file (formula-safe)",
    errors: [401],
    load: async (c) => {
      const caller = requireCaller(c);
      return { fileName: 'my-meetings.csv', csv: myMeetingsCsv(await listMeetings(c.get('ctx'), caller), caller.userId) };
    },
  });
  router.get('/calendar/:meetingId', async (c) => {
    const caller = requireCaller(c);
    const meeting = await getMeeting(c.get('ctx'), caller, c.req.param('meetingId'));
    if (meeting.status !== 'accepted') throw conflict(msg('Only accepted meetings can be added to a calendar'), 'meeting_not_accepted');
    return c.body(meetingCalendar(meeting, caller.userId), 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="meeting.ics"',
      'Cache-Control': 'private, no-store',
    });
  });
  documentRoute(router, {
    method: 'get',
    path: '/calendar/{meetingId}',
    operationId: 'meetings.calendar',
    tags,
    summary: 'An accepted meeting as a calendar file (text/calendar), for its two people',
    request: { params: idParams },
    responses: { 200: fileResponse('text/calendar', 'The calendar'), ...errorResponses(401, 404, 409) },
  });
  return router;
}

/** Mounted at /api: an event's meetings as a CSV file, for its organizers. */
export function eventMeetingExportRoutes() {
  const router = createRouter();
  csvRoute(router, {
    path: '/events/{eventId}/meetings.csv',
    operationId: 'meetings.eventCsv',
    tags,
    summary: 'Every meeting of an event as a CSV file (formula-safe): people, time, place and status, never their agenda; for the organizers',
    params: z.object({ eventId: z.string() }),
    load: (c) => eventMeetingsCsv(c.get('ctx'), requireCaller(c), c.req.param('eventId') ?? ''),
  });
  return router;
}
