import { get, post, put } from '../core/endpoint.ts';
import type {
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationsMarkedSchema,
  notificationUnreadCountSchema,
} from './contract.ts';
import type { notificationPreferencesInputSchema } from './inputs.ts';

/** The notifications API, the signed-in person's own only: `list` takes `?cursor=&limit=`. */
export const notificationEndpoints = {
  list: get<typeof notificationPageSchema>('/api/me/notifications'),
  unreadCount: get<typeof notificationUnreadCountSchema>('/api/me/notifications/unread-count'),
  markRead: post('/api/me/notifications/{notificationId}/read'),
  // Not under /api/me/notifications/: the server's router refuses a static path beside {notificationId} there.
  markAllRead: post<typeof notificationsMarkedSchema>('/api/me/read-all-notifications'),
  preferences: get<typeof notificationPreferencesSchema>('/api/me/notification-preferences'),
  savePreferences: put<typeof notificationPreferencesSchema, typeof notificationPreferencesInputSchema>('/api/me/notification-preferences'),
};
