import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PING_TYPE } from './events.ts';

// What the webhooks API answers (issue 21).

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why an endpoint was turned off: by an organizer, or by the server after repeated failures. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'failing'] as const;

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
    disabledAt: z.string().nullable(),
    /** Deliveries in a row that failed for good, since the last success. */
    consecutiveFailures: z.number().int(),
    /** The latest delivery's outcome, for the list's status line (null before any). */
    lastDelivery: z
      .object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), at: z.string(), statusCode: z.number().int().nullable() })
      .nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointDto = z.output<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema), max: z.number().int() }).meta({ id: 'WebhookEndpointList' });

/** The signing secret, `whsec_` and base64: shown on request to the event's organizers. */
export const webhookSecretSchema = z.object({ secret: z.string() }).meta({ id: 'WebhookSecret' });

export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    /** The `webhook-id` header: the same on every try and on a resend, for the receiver to skip what it has. */
    webhookId: z.string(),
    type: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_PING_TYPE]),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastDurationMs: z.number().int().nullable(),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
    /** The body as sent. */
    payload: z.unknown(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryDto = z.output<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({ items: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() }).meta({ id: 'WebhookDeliveryPage' });
