import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../core/constants.ts';
import { NOTIFICATION_LIMITS } from './texts.ts';

// What the notifications API accepts; what it answers is in contract.ts.

/** ?cursor=&limit= of the list (the panel asks for a few, the page for a page). */
export const notificationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMITS.maxPageSize).default(NOTIFICATION_LIMITS.pageSize),
});

/** PUT body: the kinds to change, each with all three switches; a kind left out keeps what it had. */
export const notificationPreferencesInputSchema = z.object({
  preferences: z
    .array(z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.boolean(), push: z.boolean(), inApp: z.boolean() }))
    .max(NOTIFICATION_KINDS.length)
    .refine((list) => new Set(list.map((item) => item.kind)).size === list.length, 'Each kind may appear once'),
});
/** The longest unsubscribe token: a uuid, a kind and an HMAC, with room to spare. */
export const UNSUBSCRIBE_TOKEN_MAX = 200;

/** The one-click unsubscribe's form body, exactly as RFC 8058 has mail clients send it. */
export const unsubscribeFormSchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

export type NotificationPreferencesInput = z.input<typeof notificationPreferencesInputSchema>;
