import { get, post } from '../core/endpoint.ts';
import type { eventAnalyticsSchema } from './contract.ts';

/** The analytics API. */
export const analyticsEndpoints = {
  event: get<typeof eventAnalyticsSchema>('/api/events/{eventId}/analytics'),
  /** Records that the caller opened a session (Event Analytics' session views). */
  sessionView: post('/api/sessions/{sessionId}/views'),
};
