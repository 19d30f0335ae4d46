import { post } from '../core/endpoint.ts';

/** The analytics API. */
export const analyticsEndpoints = {
  /** Records that the caller opened a session (Event Analytics' session views). */
  sessionView: post('/api/sessions/{sessionId}/views'),
};
