import { get } from '../core/endpoint.ts';

/**
 * The badges API: one PDF of badges (not JSON: a download link), `?size=a6|label-4x3&userIds=` (badgeQuerySchema).
 * Organizers print every registered attendee or a selection; a volunteer reprints one badge at the door.
 */
export const badgeEndpoints = {
  pdf: get('/api/events/{eventId}/badges.pdf'),
};
