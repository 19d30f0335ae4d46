import { createRoute, z } from '@hono/zod-openapi';
import { sessionInputSchema } from '@mingle/shared/schemas/agenda';
import { requireCaller } from '../../auth/guards.ts';
import { createRouter } from '../../http/env.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { calendarOf } from './calendar.ts';
import {
  addBookmark,
  checkIn,
  createSession,
  deleteSession,
  getAgendaJson,
  getSchedule,
  getScheduleSessions,
  getSessionForCalendar,
  listManagedSessions,
  removeBookmark,
  updateSession,
} from './service.ts';

const tags = ['Agenda'];
const anyJson = z.record(z.string(), z.unknown());

const sessionSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    speakerName: z.string().nullable(),
    sessionType: z.enum(['topic', 'break', 'networking', 'workshop']),
    startTime: z.string(),
    endTime: z.string(),
    timezone: z.string(),
    location: z.string().nullable(),
    maxCapacity: z.number().int().nullable(),
    tags: z.array(z.string()),
    networkingSlotsOpen: z.boolean(),
    hostName: z.string().nullable(),
    referenceUrl: z.string().nullable(),
    attendeeCount: z.number().int(),
    isBookmarked: z.boolean(),
    isCheckedIn: z.boolean(),
  })
  .openapi('Session');
const managedSessionSchema = sessionSchema.extend({ speakerBio: z.string().nullable() }).openapi('ManagedSession');

const eventParams = z.object({ eventId: z.string() });
const sessionParams = z.object({ sessionId: z.string() });

const agendaRoute = createRoute({
  method: 'get',
  path: '/events/{eventId}/agenda',
  tags,
  summary: "An event's agenda with the caller's bookmarks and check-ins (the event's participants)",
  request: { params: eventParams },
  responses: {
    200: jsonResponse(
      z.object({ event: anyJson, canManage: z.boolean(), sessions: z.array(sessionSchema) }).openapi('Agenda'),
      'Sessions by start time',
    ),
    ...errorResponses(401, 404),
  },
});

const managedListRoute = createRoute({
  method: 'get',
  path: '/events/{eventId}/sessions',
  tags,
  summary: "Manage Sessions: the event's sessions with the speaker bio (owner, co-owners, super admins)",
  request: { params: eventParams },
  responses: { 200: jsonResponse(z.object({ sessions: z.array(managedSessionSchema) }), 'Sessions'), ...errorResponses(401, 403, 404) },
});

const createSessionRoute = createRoute({
  method: 'post',
  path: '/events/{eventId}/sessions',
  tags,
  summary: 'Add a session (owner, co-owners, super admins)',
  request: { params: eventParams, body: jsonBody(sessionInputSchema) },
  responses: { 201: jsonResponse(managedSessionSchema, 'The new session'), ...errorResponses(400, 401, 403, 404) },
});

const updateSessionRoute = createRoute({
  method: 'put',
  path: '/sessions/{sessionId}',
  tags,
  summary: 'Replace a session (owner, co-owners, super admins)',
  request: { params: sessionParams, body: jsonBody(sessionInputSchema) },
  responses: { 200: jsonResponse(managedSessionSchema, 'The session'), ...errorResponses(400, 401, 403, 404) },
});

const deleteSessionRoute = createRoute({
  method: 'delete',
  path: '/sessions/{sessionId}',
  tags,
  summary: 'Delete a session (owner, co-owners, super admins)',
  request: { params: sessionParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
});

const bookmarkRoute = createRoute({
  method: 'put',
  path: '/sessions/{sessionId}/bookmark',
  tags,
  summary: 'Bookmark a session (idempotent)',
  request: { params: sessionParams },
  responses: { 200: jsonResponse(z.object({ bookmarked: z.boolean() }), 'Bookmarked'), ...errorResponses(401, 404) },
});

const unbookmarkRoute = createRoute({
  method: 'delete',
  path: '/sessions/{sessionId}/bookmark',
  tags,
  summary: 'Remove a bookmark (idempotent)',
  request: { params: sessionParams },
  responses: { 200: jsonResponse(z.object({ bookmarked: z.boolean() }), 'Removed'), ...errorResponses(401, 404) },
});

const checkInRoute = createRoute({
  method: 'post',
  path: '/sessions/{sessionId}/check-in',
  tags,
  summary: 'Check in to a session: once, and only while it has room',
  request: { params: sessionParams },
  responses: {
    200: jsonResponse(z.object({ checkedIn: z.literal(true), attendeeCount: z.number().int() }), 'Checked in'),
    ...errorResponses(401, 404, 409),
  },
});

const scheduleRoute = createRoute({
  method: 'get',
  path: '/schedule',
  tags,
  summary: "My Schedule: the caller's bookmarked sessions, newest first, with conflicts marked",
  responses: { 200: jsonResponse(z.object({ items: z.array(anyJson) }).openapi('Schedule'), 'The schedule'), ...errorResponses(401) },
});

const calendarHeaders = (filename: string) => ({
  'Content-Type': 'text/calendar; charset=utf-8',
  'Content-Disposition': `attachment; filename="${filename}"`,
  'Cache-Control': 'private, no-store',
});

/** Mounted at /api: agenda, sessions, bookmarks, check-in, My Schedule and its calendar files. */
export function agendaRoutes() {
  const router = createRouter()
    // The agenda's JSON is written by the database (service.ts): sent as it is, never parsed and re-serialised.
    .openapi(agendaRoute, async (c) => {
      const json = await getAgendaJson(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId);
      return c.body(json, 200, { 'Content-Type': 'application/json; charset=UTF-8' }) as never;
    })
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
  router.get('/sessions/:sessionId/calendar.ics', async (c) => {
    const row = await getSessionForCalendar(c.get('ctx'), requireCaller(c), c.req.param('sessionId'));
    return c.body(calendarOf([row], row.eventName), 200, calendarHeaders('session.ics'));
  });
  return router;
}
