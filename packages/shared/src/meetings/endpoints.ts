import { get, patch, post } from '../core/endpoint.ts';
import type { meetingPartnerSchema, meetingSchema, meetingsSchema, overlapSchema } from './contract.ts';
import type { meetingActionSchema, meetingRequestSchema } from './inputs.ts';

/**
 * The meetings API: `overlaps` takes `?userId=&start=&durationMinutes=`. An accepted meeting's calendar file
 * (/api/meetings/calendar/{meetingId}) is a text/calendar download, linked to, not called.
 */
export const meetingEndpoints = {
  list: get<typeof meetingsSchema>('/api/meetings'),
  request: post<typeof meetingSchema, typeof meetingRequestSchema>('/api/meetings'),
  act: patch<typeof meetingSchema, typeof meetingActionSchema>('/api/meetings/{meetingId}'),
  overlaps: get<typeof overlapSchema>('/api/meetings/overlaps'),
  partner: get<typeof meetingPartnerSchema>('/api/meetings/people/{userId}'),
};
