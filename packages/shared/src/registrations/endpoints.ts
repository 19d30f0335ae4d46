import { del, get, post } from '../core/endpoint.ts';
import type { registrationPageSchema, registrationResultSchema, registrationSummarySchema } from './contract.ts';

/**
 * The registrations API. The caller's own registration: `register` (a place, or the waitlist when full) and `cancel`
 * (gives up a place or leaves the waitlist). The organizer's: `list` takes `?status=registered|waitlisted|cancelled
 * &search=&cursor=`; `remove` ends someone's registration or waitlist place.
 */
export const registrationEndpoints = {
  register: post<typeof registrationResultSchema>('/api/events/{eventId}/registration'),
  cancel: del('/api/events/{eventId}/registration'),
  list: get<typeof registrationPageSchema>('/api/events/{eventId}/registrations'),
  summary: get<typeof registrationSummarySchema>('/api/events/{eventId}/registrations/summary'),
  remove: del('/api/events/{eventId}/registrations/{userId}'),
};
