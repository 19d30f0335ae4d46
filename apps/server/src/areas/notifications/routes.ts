import { createRoute, z } from '@hono/zod-openapi';
import {
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationsMarkedSchema,
  notificationUnreadCountSchema,
  pushPublicKeySchema,
} from '@mingle/shared/notifications/contract';
import { notificationEndpoints } from '@mingle/shared/notifications/endpoints';
import {
  notificationListQuerySchema,
  notificationPreferencesInputSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '@mingle/shared/notifications/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse, PUBLIC } from '../../platform/http/openapi.ts';
import {
  getPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  savePreferences,
  subscribePush,
  unreadNotificationCount,
  unsubscribePush,
} from './service.ts';

const base = '/api';
const tags = ['Notifications'];

const listRoute = createRoute({
  ...endpointRoute(notificationEndpoints.list, base),
  tags,
  summary: "The caller's notifications, newest first",
  request: { query: notificationListQuerySchema },
  responses: { 200: jsonResponse(notificationPageSchema, 'A page'), ...errorResponses(400, 401) },
});
const unreadCountRoute = createRoute({
  ...endpointRoute(notificationEndpoints.unreadCount, base),
  tags,
  summary: "How many of the caller's notifications are unread (the bell's badge)",
  responses: { 200: jsonResponse(notificationUnreadCountSchema, 'The count'), ...errorResponses(401) },
});
const markReadRoute = createRoute({
  ...endpointRoute(notificationEndpoints.markRead, base),
  tags,
  summary: "Mark one of the caller's notifications read (another person's is not found)",
  request: { params: z.object({ notificationId: z.string() }) },
  responses: { 204: { description: 'Read' }, ...errorResponses(401, 404) },
});
const markAllReadRoute = createRoute({
  ...endpointRoute(notificationEndpoints.markAllRead, base),
  tags,
  summary: "Mark all of the caller's notifications read",
  responses: { 200: jsonResponse(notificationsMarkedSchema, 'How many were unread'), ...errorResponses(401) },
});
const preferencesRoute = createRoute({
  ...endpointRoute(notificationEndpoints.preferences, base),
  tags,
  summary: "The caller's email, push and in-app switches for each kind (all on until changed)",
  responses: { 200: jsonResponse(notificationPreferencesSchema, 'Every kind'), ...errorResponses(401) },
});
const savePreferencesRoute = createRoute({
  ...endpointRoute(notificationEndpoints.savePreferences, base),
  tags,
  summary: "Change the caller's switches for the kinds given; in-app off means no notification of that kind is written",
  request: { body: jsonBody(notificationPreferencesInputSchema) },
  responses: { 200: jsonResponse(notificationPreferencesSchema, 'Every kind, as saved'), ...errorResponses(400, 401) },
});

const pushPublicKeyRoute = createRoute({
  ...endpointRoute(notificationEndpoints.pushPublicKey, base),
  ...PUBLIC,
  tags,
  summary: "The server's VAPID public key, which a browser subscribes to push with (public)",
  responses: { 200: jsonResponse(pushPublicKeySchema, 'The key') },
});
const subscribePushRoute = createRoute({
  ...endpointRoute(notificationEndpoints.subscribePush, base),
  tags,
  summary: "Push to the caller's device from now on (its browser's subscription); only the browsers' push services are accepted",
  request: { body: jsonBody(pushSubscriptionInputSchema) },
  responses: { 204: { description: 'Subscribed' }, ...errorResponses(400, 401) },
});
const unsubscribePushRoute = createRoute({
  ...endpointRoute(notificationEndpoints.unsubscribePush, base),
  tags,
  summary: "Stop pushing to one of the caller's devices (by its endpoint); another person's device is not found",
  request: { body: jsonBody(pushUnsubscribeInputSchema) },
  responses: { 204: { description: 'Unsubscribed' }, ...errorResponses(400, 401, 404) },
});

export function notificationRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json(await listNotifications(c.get('ctx'), caller, c.req.valid('query')), 200);
    })
    .openapi(unreadCountRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json(await unreadNotificationCount(c.get('ctx'), caller), 200);
    })
    .openapi(markAllReadRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json(await markAllNotificationsRead(c.get('ctx'), caller), 200);
    })
    .openapi(markReadRoute, async (c) => {
      const caller = requireCaller(c);
      await markNotificationRead(c.get('ctx'), caller, c.req.valid('param').notificationId);
      return c.body(null, 204);
    })
    .openapi(preferencesRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json(await getPreferences(c.get('ctx').db, caller), 200);
    })
    .openapi(savePreferencesRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json(await savePreferences(c.get('ctx'), caller, c.req.valid('json')), 200);
    })
    .openapi(pushPublicKeyRoute, (c) => c.json({ publicKey: c.get('ctx').pusher.publicKey }, 200))
    .openapi(subscribePushRoute, async (c) => {
      const caller = requireCaller(c);
      await subscribePush(c.get('ctx'), caller, c.req.valid('json'));
      return c.body(null, 204);
    })
    .openapi(unsubscribePushRoute, async (c) => {
      const caller = requireCaller(c);
      await unsubscribePush(c.get('ctx'), caller, c.req.valid('json').endpoint);
      return c.body(null, 204);
    });
}
