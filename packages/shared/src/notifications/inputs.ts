import { z } from 'zod';
import { NOTIFICATION_KINDS, SESSION_REMINDER_LEADS } from '../core/constants.ts';
import { NOTIFICATION_LIMITS } from './texts.ts';
import { msg } from '../core/messages.ts';

// What the notifications API accepts; what it answers is in contract.ts.

/** ?cursor=&limit= of the list (the panel asks for a few, the page for a page). */
export const notificationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMITS.maxPageSize).default(NOTIFICATION_LIMITS.pageSize),
});

/**
 * PUT body: the kinds to change, each with all three switches (a kind left out keeps what it had), and optionally the
 * session reminders' lead time.
 */
export const notificationPreferencesInputSchema = z.object({
  preferences: z
    .array(z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.boolean(), push: z.boolean(), inApp: z.boolean() }))
    .max(NOTIFICATION_KINDS.length)
    .refine((list) => new Set(list.map((item) => item.kind)).size === list.length, msg('Each kind may appear once'))
    .default([]),
  sessionReminderMinutes: z.literal(SESSION_REMINDER_LEADS).optional(),
});
/** The longest unsubscribe token: a uuid, a kind and an HMAC, with room to spare. */
export const UNSUBSCRIBE_TOKEN_MAX = 200;

/** The one-click unsubscribe's form body, exactly as RFC 8058 has mail clients send it. */
export const unsubscribeFormSchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

/** The longest push endpoint accepted: push services' URLs are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 1000;

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, msg('Must be base64url'));

/**
 * A browser's push subscription, as `PushSubscription.toJSON()` gives it: the push service's URL for this device and
 * the keys the message is encrypted with (P-256 public key, 65 bytes; auth secret, 16 bytes). `expirationTime` is
 * accepted and ignored (push services report an expired subscription when a push is sent).
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(PUSH_ENDPOINT_MAX),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(86, 90), auth: base64url(22, 24) }),
});

/** The device to stop pushing to: its subscription's endpoint. */
export const pushUnsubscribeInputSchema = pushSubscriptionInputSchema.pick({ endpoint: true });

export type NotificationPreferencesInput = z.input<typeof notificationPreferencesInputSchema>;
