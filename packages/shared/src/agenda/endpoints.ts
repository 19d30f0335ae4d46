import { del, get, post, put } from '../core/endpoint.ts';
import type {
  agendaSchema,
  agendaViewerSchema,
  bookmarkStateSchema,
  checkInResultSchema,
  managedSessionSchema,
  managedSessionsSchema,
  scheduleSchema,
} from './contract.ts';
import type { sessionInputSchema } from './inputs.ts';

/**
 * The agenda API. My Schedule's and a session's calendar files (/api/schedule/calendar.ics,
 * /api/sessions/{sessionId}/calendar.ics) are text/calendar downloads, linked to, not called.
 */
export const agendaEndpoints = {
  agenda: get<typeof agendaSchema>('/api/events/{eventId}/agenda'),
  viewer: get<typeof agendaViewerSchema>('/api/events/{eventId}/agenda/viewer'),
  managed: get<typeof managedSessionsSchema>('/api/events/{eventId}/sessions'),
  create: post<typeof managedSessionSchema, typeof sessionInputSchema>('/api/events/{eventId}/sessions'),
  update: put<typeof managedSessionSchema, typeof sessionInputSchema>('/api/sessions/{sessionId}'),
  remove: del('/api/sessions/{sessionId}'),
  bookmark: put<typeof bookmarkStateSchema>('/api/sessions/{sessionId}/bookmark'),
  unbookmark: del<typeof bookmarkStateSchema>('/api/sessions/{sessionId}/bookmark'),
  checkIn: post<typeof checkInResultSchema>('/api/sessions/{sessionId}/check-in'),
  schedule: get<typeof scheduleSchema>('/api/schedule'),
};
