import { createRoute, z } from '@hono/zod-openapi';
import { attendeeQuerySchema, connectSchema, discoverableSchema } from '@mingle/shared/networking/inputs';
import { requireCaller } from '../../auth/guards.ts';
import { createRouter } from '../../http/env.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { connect, getConnectProfile, getNetworkingSettings, listAttendees, setDiscoverable } from './service.ts';

const tags = ['Networking'];

const attendeeSchema = z
  .object({
    id: z.uuid(),
    fullName: z.string(),
    avatarUrl: z.string().nullable(),
    jobTitle: z.string().nullable(),
    company: z.string().nullable(),
    bio: z.string().nullable(),
    interests: z.array(z.string()),
    goals: z.array(z.string()),
    reasons: z.array(z.string()).openapi({ description: 'Why they are recommended, in words: the whole score' }),
    connected: z.boolean(),
  })
  .openapi('Attendee');

const attendeesRoute = createRoute({
  method: 'get',
  path: '/attendees',
  tags,
  summary: 'Discover Attendees: people who share a networking-enabled event with the caller, searchable, by match or newest',
  request: { query: attendeeQuerySchema },
  responses: {
    200: jsonResponse(z.object({ attendees: z.array(attendeeSchema), nextCursor: z.string().nullable() }).openapi('AttendeePage'), 'A page'),
    ...errorResponses(400, 401),
  },
});

const connectRoute = createRoute({
  method: 'post',
  path: '/connections',
  tags,
  summary: 'Connect with someone: +10 points to the initiator, once per pair however often it is pressed',
  description: 'via discovery: someone who shares a networking event with you. via qr_scan: token must be the connect code their connect QR carries.',
  request: { body: jsonBody(connectSchema) },
  responses: {
    201: jsonResponse(
      z.object({ connected: z.literal(true), pointsAwarded: z.number().int(), points: z.number().int(), level: z.number().int() }),
      'Connected',
    ),
    ...errorResponses(400, 401, 404, 409),
  },
});

const connectProfileRoute = createRoute({
  method: 'get',
  path: '/connect/{userId}',
  tags,
  summary: "QR connect: the card of the person whose connect QR was scanned (with its code), and whether you're connected",
  description: 'Answered with the valid connect code of that person, to someone already connected with them, or to themself; else 404.',
  request: { params: z.object({ userId: z.string() }), query: z.object({ token: z.string().max(200).optional() }) },
  responses: {
    200: jsonResponse(
      z
        .object({
          id: z.uuid(),
          fullName: z.string(),
          avatarUrl: z.string().nullable(),
          jobTitle: z.string().nullable(),
          company: z.string().nullable(),
          bio: z.string().nullable(),
          interests: z.array(z.string()),
          isSelf: z.boolean(),
          connected: z.boolean(),
        })
        .openapi('ConnectProfile'),
      'The profile card',
    ),
    ...errorResponses(401, 404),
  },
});

const settingsSchema = jsonResponse(discoverableSchema, 'Directory setting');
const getSettingsRoute = createRoute({
  method: 'get',
  path: '/networking/settings',
  tags,
  summary: "Whether the caller is listed in Discover Attendees",
  responses: { 200: settingsSchema, ...errorResponses(401) },
});
const putSettingsRoute = createRoute({
  method: 'put',
  path: '/networking/settings',
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
