import { del, get, patch, post, put } from '../core/endpoint.ts';
import type { eventPageSchema, eventSchema, publicEventSchema } from './contract.ts';
import type { createEventSchema, landingConfigSchema, updateEventSchema } from './inputs.ts';

/**
 * The events API: `list` takes `?scope=all|registered|participating&cursor=&limit=`. The landing page's save takes
 * JSON, or a multipart form with the logo; `uploadLogo` is multipart only (field `logo`).
 */
export const eventEndpoints = {
  list: get<typeof eventPageSchema>('/api/events'),
  create: post<typeof eventSchema, typeof createEventSchema>('/api/events'),
  get: get<typeof eventSchema>('/api/events/{eventId}'),
  update: patch<typeof eventSchema, typeof updateEventSchema>('/api/events/{eventId}'),
  remove: del('/api/events/{eventId}'),
  saveLanding: put<typeof eventSchema, typeof landingConfigSchema>('/api/events/{eventId}/landing'),
  uploadLogo: put<typeof eventSchema>('/api/events/{eventId}/logo'),
  removeLogo: del<typeof eventSchema>('/api/events/{eventId}/logo'),
  publicEvent: get<typeof publicEventSchema>('/api/public/events/{slug}'),
};
