import { del, get, post, put } from '../core/endpoint.ts';
import type {
  addVolunteerResultSchema,
  goodieDistributionSchema,
  moveGoodiesResultSchema,
  myGoodiesSchema,
  volunteerAllocationSchema,
  volunteerAssignmentsSchema,
} from './contract.ts';
import type { distributeGoodieInputSchema } from './inputs.ts';
import type { addVolunteerInputSchema, allocationInputSchema, moveGoodiesInputSchema } from './management.ts';

/** The volunteers API: assignments and distributions, the participant's goodies, and the organizers' management. */
export const volunteerEndpoints = {
  assignments: get<typeof volunteerAssignmentsSchema>('/api/me/volunteer-assignments'),
  myGoodies: get<typeof myGoodiesSchema>('/api/me/goodies'),
  distribute: post<typeof goodieDistributionSchema, typeof distributeGoodieInputSchema>('/api/events/{eventId}/goodie-distributions'),
  add: post<typeof addVolunteerResultSchema, typeof addVolunteerInputSchema>('/api/events/{eventId}/volunteers'),
  remove: del('/api/events/{eventId}/volunteers/{userId}'),
  leave: del('/api/me/volunteer-assignments/{eventId}'),
  setAllocation: put<typeof volunteerAllocationSchema, typeof allocationInputSchema>('/api/events/{eventId}/volunteers/{userId}/allocation'),
  move: post<typeof moveGoodiesResultSchema, typeof moveGoodiesInputSchema>('/api/events/{eventId}/goodie-transfers'),
};
