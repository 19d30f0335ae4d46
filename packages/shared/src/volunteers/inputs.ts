import { z } from 'zod';
import { fill, msg } from '../core/messages.ts';

// Spec 02 "Volunteer Dashboard" and "Goodies and QR" with the exact messages (the API's answers: contract.ts).

export const QR_INVALID_MESSAGE = msg('Invalid QR code');
export const QR_EXPIRED_MESSAGE = msg('QR code expired');
export const QR_EXPIRED_DESCRIPTION = 'Please ask the user to regenerate their QR code';
export const DISTRIBUTION_FAILED_TITLE = 'Distribution failed';
export const DISTRIBUTION_FAILED_FALLBACK = 'Could not distribute goodie';
export const GOODIE_DISTRIBUTED_TITLE = 'Goodie distributed!';
export const NOT_REGISTERED_MESSAGE = msg('This participant is not registered for this event');
export const ALREADY_RECEIVED_MESSAGE = msg('This participant has already received a goodie for this event');
export const NO_GOODIES_LEFT_MESSAGE = msg('You have no goodies remaining for this event');
export const SELF_DISTRIBUTION_MESSAGE = msg('You cannot give a goodie to yourself');
export const NOT_A_VOLUNTEER_MESSAGE = msg('You are not a volunteer of this event');
export const QR_TOKEN_REQUIRED_MESSAGE = msg('Please enter or scan a QR token');

/** '{name} received their event goodie. N remaining.' */
export const goodieDistributedDescription = (name: string, remaining: number) =>
  `${name} received their event goodie. ${remaining} remaining.`;

export const distributeGoodieInputSchema = z.object({
  token: z.string().trim().min(1, QR_TOKEN_REQUIRED_MESSAGE).max(200, QR_INVALID_MESSAGE),
  /** The device's own id for this scan: a resend of the same id never gives twice. */
  clientScanId: z.string().trim().min(1).max(100).optional(),
});
export type DistributeGoodieInput = z.infer<typeof distributeGoodieInputSchema>;

// ---- The participant's side: their goodies (the live notification's words are in goodie-notification.ts) -----------

export const MY_GOODIES_TITLE = 'My Goodies';

// ---- Event Manager Dashboard (spec 02 "Event Manager Dashboard") ------------------------------------------------

export const ALREADY_CO_OWNER_MESSAGE = msg('User is already a co-owner of this event');
export const VOLUNTEER_NOT_FOUND_MESSAGE = msg('Volunteer not found');
export const CO_OWNER_NOT_FOUND_MESSAGE = msg('Co-owner not found');
/**
 * Promotion is an invitation the volunteer accepts (issue 16, decision 0076): the spec's toast cannot be true at
 * once, so the organizer is told, in the spec's words, what happens when they accept.
 */
export const promotionInvitedMessage = (name: string) =>
  fill(msg('Invitation sent: {{name}} will be promoted to Event Co-Owner once they accept'), { name });
export const promoteFailedMessage = (message: string) => fill(msg('Failed to promote volunteer: {{message}}'), { message });
export const CO_OWNER_ABILITIES = [
  'Manage event details and settings',
  'Invite and manage volunteers',
  'Transfer goodies between volunteers',
  'Promote other volunteers to co-owners',
  'Access all event analytics and reports',
] as const;

export const promoteInputSchema = z.object({ userId: z.uuid(msg('Invalid user')) });
