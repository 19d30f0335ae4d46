import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './events.ts';
import { fill, msg } from '../core/messages.ts';

// What an organizer sends to set up a webhook endpoint (issue 21).

export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const WEBHOOK_MESSAGES = {
  urlRequired: msg('Endpoint URL is required'),
  urlInvalid: msg('Enter a full URL, like https://example.com/webhooks'),
  urlHttps: msg('The endpoint URL must start with https://'),
  urlRefused: msg('This URL points to a private, loopback or link-local address, which webhooks cannot be sent to'),
  urlUnresolved: msg("This URL's host name could not be found"),
  typesRequired: msg('Choose at least one event type'),
  tooMany: fill(msg('An event can have at most {{max}} webhook endpoints'), { max: WEBHOOK_ENDPOINTS_MAX }),
  endpointNotFound: msg('Webhook endpoint not found'),
  deliveryNotFound: msg('Webhook delivery not found'),
  disabled: msg('This endpoint is disabled: enable it first'),
} as const;

const urlSchema = z
  .string(WEBHOOK_MESSAGES.urlRequired)
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX, fill(msg('The URL must be at most {{max}} characters'), { max: WEBHOOK_URL_MAX }))
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), WEBHOOK_MESSAGES.urlInvalid);

const typesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, msg('Unknown event type')))
  .min(1, WEBHOOK_MESSAGES.typesRequired)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);

export const webhookEndpointInputSchema = z.object({
  url: urlSchema,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, fill(msg('The description must be at most {{max}} characters'), { max: WEBHOOK_DESCRIPTION_MAX })).default(''),
  eventTypes: typesSchema,
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

/** A change to an endpoint: any of its fields, and `enabled` (turning a disabled endpoint back on). */
export const webhookEndpointUpdateSchema = webhookEndpointInputSchema.partial().extend({ enabled: z.boolean().optional() });
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

export const webhookDeliveriesQuerySchema = z.object({ cursor: z.string().max(200).optional() });
