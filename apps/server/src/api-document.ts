import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Endpoint } from '@mingle/shared/core/endpoint';
import { adminEndpoints } from '@mingle/shared/admin/endpoints';
import { agendaEndpoints } from '@mingle/shared/agenda/endpoints';
import { analyticsEndpoints } from '@mingle/shared/analytics/endpoints';
import { apiKeyEndpoints } from '@mingle/shared/api-keys/endpoints';
import { authEndpoints } from '@mingle/shared/auth/endpoints';
import { badgeEndpoints } from '@mingle/shared/badges/endpoints';
import { calendarFeedEndpoints } from '@mingle/shared/calendar-feeds/endpoints';
import { checkInEndpoints } from '@mingle/shared/check-in/endpoints';
import { devMailboxEndpoints } from '@mingle/shared/dev-mailbox/endpoints';
import { eventEndpoints } from '@mingle/shared/events/endpoints';
import { feedEndpoints } from '@mingle/shared/feed/endpoints';
import { invitationEndpoints } from '@mingle/shared/invitations/endpoints';
import { managerDashboardEndpoints } from '@mingle/shared/manager-dashboard/endpoints';
import { meetingEndpoints } from '@mingle/shared/meetings/endpoints';
import { messageEndpoints } from '@mingle/shared/messages/endpoints';
import { networkingEndpoints } from '@mingle/shared/networking/endpoints';
import { notificationEndpoints } from '@mingle/shared/notifications/endpoints';
import { optionEndpoints } from '@mingle/shared/options/endpoints';
import { consentEndpoints, privacyEndpoints } from '@mingle/shared/privacy/endpoints';
import { profileEndpoints } from '@mingle/shared/profiles/endpoints';
import { qaEndpoints } from '@mingle/shared/qa/endpoints';
import { registrationEndpoints } from '@mingle/shared/registrations/endpoints';
import { sponsorEndpoints } from '@mingle/shared/sponsors/endpoints';
import { supportEndpoints } from '@mingle/shared/support/endpoints';
import { volunteerEndpoints } from '@mingle/shared/volunteers/endpoints';
import { webhookEndpoints } from '@mingle/shared/webhooks/endpoints';
import type { AppEnv } from './platform/http/env.ts';
import type { AppContext } from './context.ts';

/**
 * The API document at /api/openapi.json (decision 0174): the routes' own definitions (zod-openapi), the routes of
 * Better Auth under /api/auth (its openAPI plugin's document), the three ways to authenticate, and an operationId per
 * operation. An endpoint shared with the web is named by its area and the key the web calls it by
 * (`registrations.list`); a route with no shared endpoint (files, CSV, calendars, uploads) names itself in its
 * definition. apps/server/src/api-document.test.ts fails on a route the document misses.
 */

/** Every area's shared endpoints, by the area's name: where the operationIds come from. */
const areaEndpoints: Record<string, Record<string, Endpoint>> = {
  admin: adminEndpoints,
  agenda: agendaEndpoints,
  analytics: analyticsEndpoints,
  apiKeys: apiKeyEndpoints,
  auth: authEndpoints,
  badges: badgeEndpoints,
  calendarFeeds: calendarFeedEndpoints,
  checkIn: checkInEndpoints,
  consents: consentEndpoints,
  devMailbox: devMailboxEndpoints,
  events: eventEndpoints,
  feed: feedEndpoints,
  invitations: invitationEndpoints,
  managerDashboard: managerDashboardEndpoints,
  meetings: meetingEndpoints,
  messages: messageEndpoints,
  networking: networkingEndpoints,
  notifications: notificationEndpoints,
  options: optionEndpoints,
  privacy: privacyEndpoints,
  profiles: profileEndpoints,
  qa: qaEndpoints,
  registrations: registrationEndpoints,
  sponsors: sponsorEndpoints,
  support: supportEndpoints,
  volunteers: volunteerEndpoints,
  webhooks: webhookEndpoints,
};

/** `get /api/options` → `options.list`. */
const operationIds = new Map(
  Object.entries(areaEndpoints).flatMap(([area, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]) => [`${endpoint.method.toLowerCase()} ${endpoint.path}`, `${area}.${name}`] as const),
  ),
);

const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'mingle.session_token',
    description: 'The browser session Better Auth sets at sign-in (`__Secure-mingle.session_token` over HTTPS).',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A session token (the `set-auth-token` header of POST /api/auth/sign-in/email), or an API key (`mgk_…`, made on ' +
      'the API keys page of your profile). Keys act with their owner’s rights narrowed to their scope, and never ' +
      'work on account routes (/api/auth, sessions, API keys).',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'An API key (`mgk_…`), the same as `Authorization: Bearer mgk_…`.',
  },
} as const;

/** Signed in, any way (the document's default); an operation open to visitors says `security: []`. */
const signedIn = [{ session: [] }, { bearer: [] }, { apiKey: [] }];
/** Better Auth's routes take a session when there is one, never an API key. */
const sessionIfAny = [{}, { session: [] }, { bearer: [] }];

/** Better Auth routes that exist but are not ours to offer: sign-up goes through /api/signup (decision 0003). */
const hiddenAuthPaths = new Set(['/sign-up/email', '/open-api/generate-schema']);

type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; tags?: string[]; security?: unknown };
type Document = Json & { paths: Record<string, Record<string, Operation>>; components?: Json & { schemas?: Json } };

/** Better Auth's component names, prefixed so they never meet ours (`User` → `AuthUser`), in its refs too. */
function prefixAuthSchemas(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prefixAuthSchemas);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' ? inner.replace('#/components/schemas/', '#/components/schemas/Auth') : prefixAuthSchemas(inner),
      ]),
    );
  }
  return value;
}

/** Better Auth's document, under /api/auth, with our tag, operationIds and security. */
async function authDocument(ctx: AppContext): Promise<{ paths: Document['paths']; schemas: Json }> {
  const document = (await ctx.auth.api.generateOpenAPISchema()) as unknown as Document;
  const paths: Document['paths'] = {};
  for (const [path, operations] of Object.entries(document.paths)) {
    if (hiddenAuthPaths.has(path)) continue;
    paths[`/api/auth${path}`] = Object.fromEntries(
      Object.entries(operations).map(([method, operation]) => [
        method,
        {
          ...(prefixAuthSchemas(operation) as Operation),
          tags: ['Authentication'],
          operationId: `auth.${operation.operationId ?? `${method}${path}`}`,
          security: sessionIfAny,
        },
      ]),
    );
  }
  const schemas = Object.fromEntries(Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => [`Auth${name}`, prefixAuthSchemas(schema)]));
  return { paths, schemas };
}

/** The whole document: made on the first request and kept, as the routes do not change while the process runs. */
export function apiDocument(app: OpenAPIHono<AppEnv>, ctx: AppContext): () => Promise<Document> {
  let made: Promise<Document> | undefined;
  const make = async (): Promise<Document> => {
    const own = app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Mingle API',
        version: '1.0.0',
        description:
          'Sign in with a session (cookie or bearer token) or an API key; see docs/api-quickstart.md for a first call. ' +
          'Errors answer `{ "error": { "code", "message" } }` with the status the operation lists.',
      },
    }) as unknown as Document;
    for (const [path, operations] of Object.entries(own.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        operation.operationId ??= operationIds.get(`${method} ${path}`);
      }
    }
    const auth = await authDocument(ctx);
    return {
      ...own,
      security: signedIn,
      paths: { ...own.paths, ...auth.paths },
      components: { ...own.components, schemas: { ...own.components?.schemas, ...auth.schemas }, securitySchemes },
    };
  };
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined; // a failure is not kept: the next request tries again
      throw error;
    });
    return made;
  };
}
