import { z } from 'zod';
import { NOTIFICATION_KINDS, SESSION_REMINDER_LEADS } from '../core/constants.ts';

// What the notifications API answers. The server's routes answer with these schemas (the OpenAPI document names them
// by their id) and both apps infer their types from them.

export const notificationSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(NOTIFICATION_KINDS),
    eventId: z.uuid().nullable(),
    title: z.string(),
    body: z.string().nullable(),
    /** A path of the web app: the page the notification is about. */
    link: z.string(),
    readAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type NotificationDto = z.output<typeof notificationSchema>;

/** GET /api/me/notifications: a page, newest first. */
export const notificationPageSchema = z.object({ items: z.array(notificationSchema), nextCursor: z.string().nullable() }).meta({ id: 'NotificationPage' });

/** GET /api/me/notifications/unread-count: the bell's badge. */
export const notificationUnreadCountSchema = z.object({ unread: z.number().int() });

/** POST /api/me/read-all-notifications: how many were marked. */
export const notificationsMarkedSchema = z.object({ updated: z.number().int() });

/** One kind's three switches. */
export const notificationSwitchesSchema = z.object({ email: z.boolean(), push: z.boolean(), inApp: z.boolean() });
export type NotificationSwitches = z.output<typeof notificationSwitchesSchema>;

/**
 * GET/PUT /api/me/notification-preferences: every kind, each with its switches (all on until turned off), and how
 * many minutes before a bookmarked session its reminder comes.
 */
export const notificationPreferencesSchema = z
  .object({
    preferences: z.array(notificationSwitchesSchema.extend({ kind: z.enum(NOTIFICATION_KINDS) })),
    sessionReminderMinutes: z.literal(SESSION_REMINDER_LEADS),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferencesDto = z.output<typeof notificationPreferencesSchema>;

/** GET /api/push/public-key: the server's VAPID public key (base64url) a browser subscribes with. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'PushPublicKey' });
