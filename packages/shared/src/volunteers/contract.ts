import { z } from 'zod';

// What the volunteers API answers: a volunteer's assignments and goodie distributions, a participant's goodies, and
// the organizers' volunteer management. The server's routes answer with these schemas (the OpenAPI document names
// them by their id) and both apps infer their types from them.

export const volunteerAssignmentSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    eventName: z.string(),
    eventSlug: z.string(),
    location: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string(),
    /** The zone the event's dates are shown in (an IANA name). */
    timezone: z.string(),
    allocatedGoodies: z.number().int(),
    distributedGoodies: z.number().int(),
    remainingGoodies: z.number().int(),
  })
  .meta({ id: 'VolunteerAssignment' });
export type VolunteerAssignmentDto = z.output<typeof volunteerAssignmentSchema>;
export const volunteerAssignmentsSchema = z.object({ assignments: z.array(volunteerAssignmentSchema) });

export const goodieDistributionSchema = z
  .object({
    success: z.literal(true),
    participantId: z.uuid(),
    participantName: z.string(),
    remainingGoodies: z.number().int(),
    distributedAt: z.string(),
    /** True when this answers a scan id already processed (nothing new was given). */
    replayed: z.boolean().meta({ description: 'The scan id was already processed: nothing new was given' }),
  })
  .meta({ id: 'GoodieDistribution' });
export type GoodieDistributionDto = z.output<typeof goodieDistributionSchema>;

/** A goodie the signed-in participant received, as their dashboard lists it. */
export const myGoodieSchema = z
  .object({
    eventId: z.uuid(),
    eventName: z.string(),
    receivedAt: z.string(),
    /** The volunteer who handed it out; null once their account is gone. */
    giverName: z.string().nullable(),
  })
  .meta({ id: 'MyGoodie' });
export type MyGoodieDto = z.output<typeof myGoodieSchema>;
export const myGoodiesSchema = z.object({ goodies: z.array(myGoodieSchema) });

export const volunteerAllocationSchema = z
  .object({ userId: z.uuid(), fullName: z.string(), allocatedGoodies: z.number().int(), distributedGoodies: z.number().int() })
  .meta({ id: 'VolunteerAllocation' });
export type VolunteerAllocationDto = z.output<typeof volunteerAllocationSchema>;

/**
 * Adding a volunteer always invites (issue 16): the same answer whether or not the address has an account, and no
 * user id before the person accepts.
 */
export const addVolunteerResultSchema = z.object({ outcome: z.literal('invited'), email: z.string(), emailSent: z.boolean() });
export type AddVolunteerResult = z.output<typeof addVolunteerResultSchema>;

export const moveGoodiesResultSchema = z.object({ from: volunteerAllocationSchema, to: volunteerAllocationSchema });
export type MoveGoodiesResult = z.output<typeof moveGoodiesResultSchema>;
