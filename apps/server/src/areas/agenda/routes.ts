import { createRoute, z } from '@hono/zod-openapi';
import {
  agendaSchema,
  agendaViewerSchema,
  bookmarkStateSchema,
  checkInResultSchema,
  managedSessionSchema,
  managedSessionsSchema,
  scheduleSchema,
} from '@mingle/shared/agenda/contract';
import { agendaEndpoints } from '@mingle/shared/agenda/endpoints';
import { sessionInputSchema } from '@mingle/shared/agenda/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { revalidatedHeaders } from '../../platform/http/etag.ts';
import { csvRoute, documentRoute, endpointRoute, errorResponses, fileResponse, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { calendarOf } from './calendar.ts';
import { sessionsCsv } from './export.ts';
import {
  addBookmark,
  checkIn,
  createSession,
  deleteSession,
  getAgenda,
  getAgendaViewer,
  getSchedule,
  getScheduleSessions,
  getSessionForCalendar,
  listManagedSessions,
  removeBookmark,
  updateSession,
} from './service.ts';

const base = '/api';
const tags = ['Agenda'];
const revalidated = {
  ETag: { description: "The agenda's version: send it back in If-None-Match", schema: { type: 'string' as const } },
  'Cache-Control': { description: 'private, no-cache: kept by the browser, checked with the server before each use', schema: { type: 'string' as const } },
};

const eventParams = z.object({ eventId: z.string() });
const sessionParams = z.object({ sessionId: z.string() });

const agendaRoute = createRoute({
  ...endpointRoute(agendaEndpoints.agenda, base),
  tags,
  summary: "An event's agenda: its sessions by start time, the same for every participant (the event's participants)",
  description:
    'Answered with an ETag: a request whose If-None-Match names the current one gets 304 with no body. Who may see ' +
    'the agenda is checked first, so a caller who may not gets the same 404 whatever they send.',
  request: { params: eventParams, headers: z.object({ 'if-none-match': z.string().optional() }) },
  responses: {
    200: { ...jsonResponse(agendaSchema, 'Sessions by start time'), headers: revalidated },
    304: { description: 'The copy named by If-None-Match is current', headers: revalidated },
    ...errorResponses(401, 404),
  },
});

const agendaViewerRoute = createRoute({
  ...endpointRoute(agendaEndpoints.viewer, base),
  tags,
  summary: "The caller's own part of an event's agenda: may they manage it, their bookmarks and check-ins there",
  request: { params: eventParams },
  responses: { 200: jsonResponse(agendaViewerSchema, "The caller's marks"), ...errorResponses(401, 404) },
});

const managedListRoute = createRoute({
  ...endpointRoute(agendaEndpoints.managed, base),
  tags,
  summary: "Manage Sessions: the event's sessions with the speaker bio (owner, co-owners, super admins)",
  request: { params: eventParams },
  responses: { 200: jsonResponse(managedSessionsSchema, 'Sessions'), ...errorResponses(401, 403, 404) },
});

const createSessionRoute = createRoute({
  ...endpointRoute(agendaEndpoints.create, base),
  tags,
  summary: 'Add a session (owner, co-owners, super admins)',
  request: { params: eventParams, body: jsonBody(sessionInputSchema) },
  responses: { 201: jsonResponse(managedSessionSchema, 'The new session'), ...errorResponses(400, 401, 403, 404) },
});

const updateSessionRoute = createRoute({
  ...endpointRoute(agendaEndpoints.update, base),
  tags,
  summary: 'Replace a session (owner, co-owners, super admins)',
  request: { params: sessionParams, body: jsonBody(sessionInputSchema) },
  responses: { 200: jsonResponse(managedSessionSchema, 'The session'), ...errorResponses(400, 401, 403, 404) },
});

const deleteSessionRoute = createRoute({
  ...endpointRoute(agendaEndpoints.remove, base),
  tags,
  summary: 'Delete a session (owner, co-owners, super admins)',
  request: { params: sessionParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
});

const bookmarkRoute = createRoute({
  ...endpointRoute(agendaEndpoints.bookmark, base),
  tags,
  summary: 'Bookmark a session (idempotent)',
  request: { params: sessionParams },
  responses: { 200: jsonResponse(bookmarkStateSchema, 'Bookmarked'), ...errorResponses(401, 404) },
});

const unbookmarkRoute = createRoute({
  ...endpointRoute(agendaEndpoints.unbookmark, base),
  tags,
  summary: 'Remove a bookmark (idempotent)',
  request: { params: sessionParams },
  responses: { 200: jsonResponse(bookmarkStateSchema, 'Removed'), ...errorResponses(401, 404) },
});

const checkInRoute = createRoute({
  ...endpointRoute(agendaEndpoints.checkIn, base),
  tags,
  summary: 'Check in to a session: once, and only while it has room',
  request: { params: sessionParams },
  responses: {
    200: jsonResponse(checkInResultSchema, 'Checked in'),
    ...errorResponses(401, 404, 409),
  },
});

const scheduleRoute = createRoute({
  ...endpointRoute(agendaEndpoints.schedule, base),
  tags,
  summary: "My Schedule: the caller's bookmarked sessions, newest first, with conflicts marked",
  responses: { 200: jsonResponse(scheduleSchema, 'The schedule'), ...errorResponses(401) },
});

const calendarHeaders = (filename: string) => ({
  'Content-Type': 'text/calendar; charset=utf-8',
  'Content-Disposition': `attachment; filename="${filename}"`,
  'Cache-Control': 'private, no-store',
});

/** Mounted at /api: agenda, sessions, bookmarks, check-in, My Schedule and its calendar files. */
export function agendaRoutes() {
  const router = createRouter()
    .openapi(agendaRoute, async (c) => {
      const answer = await getAgenda(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('header')['if-none-match']);
      const headers = revalidatedHeaders(answer.etag);
      if (answer.notModified) return c.body(null, 304, headers);
      return c.json(answer.agenda, 200, headers);
    })
    .openapi(agendaViewerRoute, async (c) =>
      c.json(await getAgendaViewer(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId), 200, { 'Cache-Control': 'private, no-store' }),
    )
    .openapi(managedListRoute, async (c) =>
      c.json({ sessions: await listManagedSessions(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId) }, 200),
    )
    .openapi(createSessionRoute, async (c) =>
      c.json(await createSession(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('json')), 201),
    )
    .openapi(updateSessionRoute, async (c) =>
      c.json(await updateSession(c.get('ctx'), requireCaller(c), c.req.valid('param').sessionId, c.req.valid('json')), 200),
    )
    .openapi(deleteSessionRoute, async (c) => {
      await deleteSession(c.get('ctx'), requireCaller(c), c.req.valid('param').sessionId);
      return c.body(null, 204);
    })
    .openapi(bookmarkRoute, async (c) => c.json(await addBookmark(c.get('ctx'), requireCaller(c), c.req.valid('param').sessionId), 200))
    .openapi(unbookmarkRoute, async (c) =>
      c.json(await removeBookmark(c.get('ctx'), requireCaller(c), c.req.valid('param').sessionId), 200),
    )
    .openapi(checkInRoute, async (c) => c.json(await checkIn(c.get('ctx'), requireCaller(c), c.req.valid('param').sessionId), 200))
    .openapi(scheduleRoute, async (c) => c.json(await getSchedule(c.get('ctx'), requireCaller(c)), 200));

  // Calendar files (text/calendar, not JSON): the whole schedule, and one session.
  router.get('/schedule/calendar.ics', async (c) => {
    const rows = await getScheduleSessions(c.get('ctx'), requireCaller(c));
    return c.body(calendarOf(rows, 'My Schedule'), 200, calendarHeaders('my-schedule.ics'));
  });
  csvRoute(router, {
    path: '/events/{eventId}/sessions.csv',
    operationId: 'agenda.sessionsCsv',
    tags,
    summary: 'The agenda as a CSV file (formula-safe), with bookmarks and check-ins per session, for the organizers',
    params: z.object({ eventId: z.string() }),
    load: (c) => sessionsCsv(c.get('ctx'), requireCaller(c), c.req.param('eventId') ?? ''),
  });
  router.get('/sessions/:sessionId/calendar.ics', async (c) => {
    const row = await getSessionForCalendar(c.get('ctx'), requireCaller(c), c.req.param('sessionId'));
    return c.body(calendarOf([row], row.eventName), 200, calendarHeaders('session.ics'));
  });
  documentRoute(router, {
    method: 'get',
    path: '/schedule/calendar.ics',
    operationId: 'agenda.scheduleCalendar',
    tags,
    summary: "My Schedule as a calendar file (text/calendar): the caller's bookmarked sessions",
    responses: { 200: fileResponse('text/calendar', 'The calendar'), ...errorResponses(401) },
  });
  documentRoute(router, {
    method: 'get',
    path: '/sessions/{sessionId}/calendar.ics',
    operationId: 'agenda.sessionCalendar',
    tags,
    summary: 'One session as a calendar file (text/calendar), for its event’s participants',
    request: { params: sessionParams },
    responses: { 200: fileResponse('text/calendar', 'The calendar'), ...errorResponses(401, 404) },
  });
  return router;
}
