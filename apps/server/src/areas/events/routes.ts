import { createRoute, z } from '@hono/zod-openapi';
import { eventPageSchema, eventSchema, publicEventSchema } from '@mingle/shared/events/contract';
import { eventEndpoints } from '@mingle/shared/events/endpoints';
import { createEventSchema, EVENT_LIST_SCOPES, landingConfigSchema, updateEventSchema } from '@mingle/shared/events/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import type { MiddlewareHandler } from 'hono';
import { logoUploadGate, readLogo, readLogoForm } from '../../platform/http/logo-upload.ts';
import { clientIp } from '../../platform/http/client-ip.ts';
import { createRouter, type AppEnv } from '../../platform/http/env.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { documentRoute, endpointRoute, errorResponses, jsonBody, jsonResponse, multipartBody, PUBLIC } from '../../platform/http/openapi.ts';
import { firstIssueMessage } from '../../platform/http/validation.ts';
import {
  createEvent,
  deleteEvent,
  getEvent,
  getPublicEvent,
  listEvents,
  removeLogo,
  updateEvent,
  updateLanding,
  uploadLogo,
  authorizeEventLogo,
} from './service.ts';
import { canCreateEvent } from '../event-access/index.ts';
import { msg } from '@mingle/shared/core/messages';

const eventParams = z.object({ eventId: z.string().openapi({ param: { name: 'eventId', in: 'path' } }) });
const eventsBase = '/api/events';
const tags = ['Events'];

const listRoute = createRoute({
  ...endpointRoute(eventEndpoints.list, eventsBase),
  tags,
  summary: "The dashboard's event lists: all events the caller may see (all), those they registered for, or those they take part in",
  request: {
    query: z.object({
      scope: z.enum(EVENT_LIST_SCOPES).default('all'),
      cursor: z.string().optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: jsonResponse(eventPageSchema, 'A page, by start date'),
    ...errorResponses(400, 401),
  },
});

const createEventRoute = createRoute({
  ...endpointRoute(eventEndpoints.create, eventsBase),
  tags,
  summary: 'Create an event: the caller becomes its owner; the slug is made from the name',
  request: { body: jsonBody(createEventSchema) },
  responses: { 201: jsonResponse(eventSchema, 'The new event'), ...errorResponses(400, 401) },
});

const getRoute = createRoute({
  ...endpointRoute(eventEndpoints.get, eventsBase),
  tags,
  summary: 'One event, with what the caller may do with it',
  request: { params: eventParams },
  responses: { 200: jsonResponse(eventSchema, 'The event'), ...errorResponses(401, 404) },
});

const updateRoute = createRoute({
  ...endpointRoute(eventEndpoints.update, eventsBase),
  tags,
  summary: "Change an event's settings, registration included (owner, co-owners, super admins)",
  request: { params: eventParams, body: jsonBody(updateEventSchema) },
  responses: { 200: jsonResponse(eventSchema, 'The event'), ...errorResponses(400, 401, 403, 404) },
});

const deleteRoute = createRoute({
  ...endpointRoute(eventEndpoints.remove, eventsBase),
  tags,
  summary: 'Delete an event and everything in it (owner, super admins)',
  request: { params: eventParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
});

const landingRoute = createRoute({
  ...endpointRoute(eventEndpoints.saveLanding, eventsBase),
  tags,
  summary: 'Configure Landing Page: slug, custom domain, description (managers); as multipart with a `logo` file, the logo too, all or nothing',
  request: { params: eventParams, body: jsonBody(landingConfigSchema) },
  responses: { 200: jsonResponse(eventSchema, 'The event'), ...errorResponses(400, 401, 403, 404, 409) },
});

const removeLogoRoute = createRoute({
  ...endpointRoute(eventEndpoints.removeLogo, eventsBase),
  tags,
  summary: "Remove the event's logo (managers)",
  request: { params: eventParams },
  responses: { 200: jsonResponse(eventSchema, 'The event'), ...errorResponses(401, 403, 404) },
});

const publicRoute = createRoute({
  ...endpointRoute(eventEndpoints.publicEvent, '/api/public/events'),
  ...PUBLIC,
  tags,
  summary: 'The public landing page of an event, by slug (no sign-in); counts a page view',
  request: { params: z.object({ slug: z.string() }) },
  responses: { 200: jsonResponse(publicEventSchema, 'The event'), ...errorResponses(404) },
});

/**
 * Save Configuration with a new logo: the landing route's multipart form (fields slug, customDomain, description when
 * changed, file logo), saved all or nothing by updateLanding. JSON requests go on to the landing route itself.
 */
const landingWithLogo: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data')) return next();
  const eventId = c.req.param('eventId') ?? '';
  const gate = logoUploadGate((context) => authorizeEventLogo(context.get('ctx'), requireCaller(context), eventId));
  let saved: Response | undefined;
  const answered = await gate(c, async () => {
    const { logo, fields } = await readLogoForm(c);
    const parsed = landingConfigSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
    saved = c.json(await updateLanding(c.get('ctx'), requireCaller(c), eventId, parsed.data, logo), 200);
  });
  // The gate answers itself when it refuses (a body over the limit); otherwise the save did.
  return answered instanceof Response ? answered : saved;
};

/** /api/events: the dashboard lists, creation, settings, landing page, logo and registration. */
export function eventRoutes() {
  const base = createRouter();
  base.put('/:eventId/landing', landingWithLogo);
  const router = base
    .openapi(listRoute, async (c) => {
      const { scope, cursor, limit } = c.req.valid('query');
      return c.json(await listEvents(c.get('ctx'), requireCaller(c), { scope, cursor, limit }), 200);
    })
    .openapi(createEventRoute, async (c) => {
      const caller = requireCaller(c);
      if (!canCreateEvent(caller)) throw forbidden();
      return c.json(await createEvent(c.get('ctx'), caller, c.req.valid('json')), 201);
    })
    .openapi(getRoute, async (c) =>
      c.json(await getEvent(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId), 200),
    )
    .openapi(updateRoute, async (c) =>
      c.json(await updateEvent(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('json')), 200),
    )
    .openapi(deleteRoute, async (c) => {
      await deleteEvent(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId);
      return c.body(null, 204);
    })
    .openapi(landingRoute, async (c) =>
      c.json(await updateLanding(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('json')), 200),
    )
    .openapi(removeLogoRoute, async (c) =>
      c.json(await removeLogo(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId), 200),
    );

  // The logo upload is multipart (field `logo`), read by http/logo-upload.ts.
  router.put(
    '/:eventId/logo',
    logoUploadGate((c) => authorizeEventLogo(c.get('ctx'), requireCaller(c), c.req.param('eventId') ?? '')),
    async (c) => {
      const caller = requireCaller(c);
      const bytes = await readLogo(c);
      return c.json(await uploadLogo(c.get('ctx'), caller, c.req.param('eventId'), bytes), 200);
    },
  );
  documentRoute(router, {
    method: 'put',
    path: '/{eventId}/logo',
    operationId: 'events.uploadLogo',
    tags,
    summary: "Upload the event's logo (managers): multipart, the image in the field `logo`, re-encoded on arrival",
    request: { params: eventParams, body: multipartBody('logo') },
    responses: { 200: jsonResponse(eventSchema, 'The event'), ...errorResponses(401, 403, 404, 413, 415) },
  });
  return router;
}

/** /api/public/events: what the public landing page reads, for visitors too. */
export function publicEventRoutes() {
  return createRouter().openapi(publicRoute, async (c) => {
    const event = await getPublicEvent(c.get('ctx'), c.req.valid('param').slug, { userId: c.get('caller')?.userId ?? null, address: clientIp(c) });
    if (!event) throw notFound(msg('Event not found'));
    return c.json(event, 200);
  });
}
