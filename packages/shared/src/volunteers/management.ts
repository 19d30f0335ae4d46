import { z } from 'zod';
import { fill, msg } from '../core/messages.ts';

// Issue 8 "Volunteers": an event's owner or co-owners add a volunteer by email, set their allocated goodies and
// move goodies between volunteers; an allocation never falls below what was already distributed.

/** A generous ceiling that keeps a typo (an extra zero or five) from becoming an allocation. */
export const MAX_ALLOCATED_GOODIES = 100_000;

export const VOLUNTEER_EMAIL_MESSAGE = msg('Please enter a valid email address');
export const ALLOCATION_MESSAGE = fill(msg('Allocated goodies must be a whole number from 0 to {{max}}'), { max: MAX_ALLOCATED_GOODIES });
export const MOVE_AMOUNT_MESSAGE = msg('Move at least 1 goodie');
export const SAME_VOLUNTEER_MESSAGE = msg('Choose two different volunteers');
export const volunteerInvitedMessage = (email: string) => fill(msg('Invitation sent to {{email}}'), { email });
export const ALLOCATION_UPDATED_MESSAGE = msg('Allocation updated');
export const goodiesMovedMessage = (n: number, from: string, to: string) => fill(msg('Moved {{n}} goodie(s) from {{from}} to {{to}}'), { n, from, to });
/** An allocation below what the volunteer has already handed out. */
export const allocationBelowDistributedMessage = (distributed: number) =>
  fill(msg('Allocation cannot be less than the {{distributed}} goodie(s) already distributed'), { distributed });
/** A move larger than what the giving volunteer has left to hand out. */
export const notEnoughToMoveMessage = (name: string, remaining: number) =>
  fill(msg('{{name}} has only {{remaining}} undistributed goodie(s) to move'), { name, remaining });

const allocation = z
  .number(ALLOCATION_MESSAGE)
  .int(ALLOCATION_MESSAGE)
  .min(0, ALLOCATION_MESSAGE)
  .max(MAX_ALLOCATED_GOODIES, ALLOCATION_MESSAGE);

export const addVolunteerInputSchema = z.object({
  email: z.string().trim().toLowerCase().max(320, VOLUNTEER_EMAIL_MESSAGE).pipe(z.email(VOLUNTEER_EMAIL_MESSAGE)),
  allocatedGoodies: allocation.default(0),
});
export type AddVolunteerInput = z.input<typeof addVolunteerInputSchema>;

export const allocationInputSchema = z.object({ allocatedGoodies: allocation });
export type AllocationInput = z.infer<typeof allocationInputSchema>;

export const moveGoodiesInputSchema = z
  .object({
    fromUserId: z.uuid(msg('Choose the volunteer to move goodies from')),
    toUserId: z.uuid(msg('Choose the volunteer to move goodies to')),
    amount: z.number(MOVE_AMOUNT_MESSAGE).int(MOVE_AMOUNT_MESSAGE).min(1, MOVE_AMOUNT_MESSAGE).max(MAX_ALLOCATED_GOODIES, MOVE_AMOUNT_MESSAGE),
  })
  .refine((input) => input.fromUserId !== input.toUserId, { message: SAME_VOLUNTEER_MESSAGE, path: ['toUserId'] });
export type MoveGoodiesInput = z.infer<typeof moveGoodiesInputSchema>;
