// The webhooks area (issue 21, decision 0171): an event's organizers register endpoints for event types; the areas
// whose writes are such events call queueWebhooks in their transaction; the drain jobs sign and send, in order, with
// retries, and turn a failing endpoint off (its event's owner is told).
export { webhookRoutes } from './routes.ts';
export { queueWebhooks, type WebhookEmission } from './emit.ts';
export { workWebhooks } from './delivery.ts';
