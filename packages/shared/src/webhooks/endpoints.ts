import { del, get, patch, post } from '../core/endpoint.ts';
import type { webhookDeliveryPageSchema, webhookDeliverySchema, webhookEndpointListSchema, webhookEndpointSchema, webhookSecretSchema } from './contract.ts';
import type { webhookEndpointInputSchema, webhookEndpointUpdateSchema } from './inputs.ts';

/** An event's webhooks (its organizers only): endpoints, their secret, their delivery log, a resend and a test ping. */
export const webhookEndpoints = {
  list: get<typeof webhookEndpointListSchema>('/api/events/{eventId}/webhooks'),
  create: post<typeof webhookEndpointSchema, typeof webhookEndpointInputSchema>('/api/events/{eventId}/webhooks'),
  update: patch<typeof webhookEndpointSchema, typeof webhookEndpointUpdateSchema>('/api/events/{eventId}/webhooks/{endpointId}'),
  remove: del('/api/events/{eventId}/webhooks/{endpointId}'),
  secret: get<typeof webhookSecretSchema>('/api/events/{eventId}/webhooks/{endpointId}/secret'),
  rotateSecret: post<typeof webhookSecretSchema>('/api/events/{eventId}/webhooks/{endpointId}/secret'),
  deliveries: get<typeof webhookDeliveryPageSchema>('/api/events/{eventId}/webhooks/{endpointId}/deliveries'),
  resend: post<typeof webhookDeliverySchema>('/api/events/{eventId}/webhooks/{endpointId}/deliveries/{deliveryId}/resend'),
  ping: post<typeof webhookDeliverySchema>('/api/events/{eventId}/webhooks/{endpointId}/ping'),
};
