import { createRoute, z } from '@hono/zod-openapi';
import { attendeePageSchema, connectProfileSchema, connectResultSchema } from '@mingle/shared/networking/contract';
import { networkingEndpoints } from '@mingle/shared/networking/endpoints';
import { attendeeQuerySchema, connectSchema, discoverableSchema } from '@mingle/shared/networking/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { connect, getConnectProfile, getNetworkingSettings, listAttendees, setDiscoverable } from './service.ts';

const base = '/api';
const tags = ['Networking'];

const attendeesRoute = createRoute({
  ...endpointRoute(networkingEndpoints.attendees, base),
  tags,
  summary: 'Discover Attendees: people who share a networking-enabled event with the caller, searchable, by match or newest',
  request: { query: attendeeQuerySchema },
  responses: { 200: jsonResponse(attendeePageSchema, 'A page'), ...errorResponses(400, 401) },
});

const connectRoute = createRoute({
  ...endpointRoute(networkingEndpoints.connect, base),
  tags,
  summary: 'Connect with someone: +10 points to the initiator, once per pair however often it is pressed',
  description: 'via discovery: someone who shares a networking event with you. via qr_scan: token must be the connect code their connect QR carries.',
  request: { body: jsonBody(connectSchema) },
  responses: { 201: jsonResponse(connectResultSchema, 'Connected'), ...errorResponses(400, 401, 404, 409) },
});

const connectProfileRoute = createRoute({
  ...endpointRoute(networkingEndpoints.connectProfile, base),
  tags,
  summary: "QR connect: the card of the person whose connect QR was scanned (with its code), and whether you're connected",
  description: 'Answered with the valid connect code of that person, to someone already connected with them, or to themself; else 404.',
  request: { params: z.object({ userId: z.string() }), query: z.object({ token: z.string().max(200).optional() }) },
  responses: { 200: jsonResponse(connectProfileSchema, 'The profile card'), ...errorResponses(401, 404) },
});

const settingsSchema = jsonResponse(discoverableSchema, 'Directory setting');
const getSettingsRoute = createRoute({
  ...endpointRoute(networkingEndpoints.settings, base),
  tags,
  summary: "Whether the caller is listed in Discover Attendees",
  responses: { 200: settingsSchema, ...errorResponses(401) },
});
const putSettingsRoute = createRoute({
  ...endpointRoute(networkingEndpoints.setSettings, base),
  tags,
  summary: 'Leave or rejoin the attendee directory',
  request: { body: jsonBody(discoverableSchema) },
  responses: { 200: settingsSchema, ...errorResponses(400, 401) },
});

/** Mounted at /api: discovery, connections, QR connect and the directory setting. */
export function networkingRoutes() {
  return createRouter()
    .openapi(attendeesRoute, async (c) => c.json(await listAttendees(c.get('ctx'), requireCaller(c), c.req.valid('query')), 200))
    .openapi(connectRoute, async (c) => c.json(await connect(c.get('ctx'), requireCaller(c), c.req.valid('json')), 201))
    .openapi(connectProfileRoute, async (c) =>
      c.json(await getConnectProfile(c.get('ctx'), requireCaller(c), c.req.valid('param').userId, c.req.valid('query').token), 200),
    )
    .openapi(getSettingsRoute, async (c) => c.json(await getNetworkingSettings(c.get('ctx'), requireCaller(c)), 200))
    .openapi(putSettingsRoute, async (c) =>
      c.json(await setDiscoverable(c.get('ctx'), requireCaller(c), c.req.valid('json').discoverable), 200),
    );
}
