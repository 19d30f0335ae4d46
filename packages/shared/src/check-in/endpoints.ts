import { del, get, post, put } from '../core/endpoint.ts';
import type { checkInPageSchema, checkInResultSchema, checkInSettingsSchema, checkInSummarySchema, rosterSchema } from './contract.ts';
import type { checkInInputSchema, checkInSettingsInputSchema } from './inputs.ts';

/**
 * The door check-in API. The event's staff (volunteers, co-owners, owner, super admins): `checkIn` (a scan or a name),
 * `undo`, the `roster` a door phone keeps offline, the `recent` check-ins (`?cursor=`), `settings` (points). The
 * organizers: `saveSettings` and the `summary` figures.
 */
export const checkInEndpoints = {
  checkIn: post<typeof checkInResultSchema, typeof checkInInputSchema>('/api/events/{eventId}/check-ins'),
  undo: del('/api/events/{eventId}/check-ins/{checkInId}'),
  recent: get<typeof checkInPageSchema>('/api/events/{eventId}/check-ins'),
  roster: get<typeof rosterSchema>('/api/events/{eventId}/check-in-roster'),
  summary: get<typeof checkInSummarySchema>('/api/events/{eventId}/check-ins/summary'),
  settings: get<typeof checkInSettingsSchema>('/api/events/{eventId}/check-in-settings'),
  saveSettings: put<typeof checkInSettingsSchema, typeof checkInSettingsInputSchema>('/api/events/{eventId}/check-in-settings'),
};
