import { del, get, post, put } from '../core/endpoint.ts';
import type {
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationsMarkedSchema,
  notificationUnreadCountSchema,
  pushPublicKeySchema,
} from './contract.ts';
import type { notificationPreferencesInputSchema, pushSubscriptionInputSchema, pushUnsubscribeInputSchema } from './inputs.ts';

/** The notifications API, the signed-in person's own only: `list` takes `?cursor=&limit=`. */
export const notificationEndpoints = {
  list: get<typeof notificationPageSchema>('/api/me/notifications'),
  unreadCount: get<typeof notificationUnreadCountSchema>('/api/me/notifications/unread-count'),
  markRead: post('/api/me/notifications/{notificationId}/read'),
  // Not under /api/me/notifications/: the server's router refuses a static path beside {notificationId} there.
  markAllRead: post<typeof notificationsMarkedSchema>('/api/me/read-all-notifications'),
  preferences: get<typeof notificationPreferencesSchema>('/api/me/notification-preferences'),
  savePreferences: put<typeof notificationPreferencesSchema, typeof notificationPreferencesInputSchema>('/api/me/notification-preferences'),
  // Web push: the key a browser subscribes with (public), and the caller's devices (PUT adds or renews one, DELETE
  // forgets one by its endpoint).
  pushPublicKey: get<typeof pushPublicKeySchema>('/api/push/public-key'),
  subscribePush: put<undefined, typeof pushSubscriptionInputSchema>('/api/me/push-subscriptions'),
  unsubscribePush: del<undefined, typeof pushUnsubscribeInputSchema>('/api/me/push-subscriptions'),
  // One-click unsubscribe (RFC 8058), for mail clients and the link in an email's footer, without a session: the
  // token is the proof. GET answers a small HTML page whose button POSTs; the POST's form body is
  // unsubscribeFormSchema (a form, as mail clients send it, not JSON) and it answers a small HTML page too.
  unsubscribePage: get('/api/unsubscribe/{token}'),
  unsubscribe: post('/api/unsubscribe/{token}'),
};
