import { z } from 'zod';
import type { InvitationRole, InvitationStatus } from '../constants.ts';

// Spec 02 "Send Event Invitations" and spec 01 "Invitation": the exact messages, the rules of the form and of
// acceptance, and the API's shapes. The texts of acceptance are in invitation-acceptance.ts (no zod: /auth loads them). Volunteer management (adding by email, allocations, moving goodies) lives in
// volunteer-management.ts.

/** Invitations are valid for 7 days (spec 02 "Defaults"). */
export const INVITATION_VALID_DAYS = 7;
export const INVITATIONS_VALID_TEXT = 'Invitations are valid for 7 days';
/** The most addresses one send takes (each is an email). */
export const MAX_INVITATION_EMAILS = 50;

export const SELECT_EVENT_MESSAGE = 'Please select an event';
export const NO_VALID_EMAIL_MESSAGE = 'Please enter at least one valid email address';
export const TOO_MANY_EMAILS_MESSAGE = `You can send at most ${MAX_INVITATION_EMAILS} invitations at once`;
export const NO_INVITE_PERMISSION_MESSAGE = "You don't have permission to send invitations";
export const LOAD_EVENTS_FAILED_MESSAGE = 'Failed to load events';
export const SEND_FAILED_MESSAGE = 'Failed to send invitations';
export const sentMessage = (n: number) => `Successfully sent ${n} invitation(s)`;
export const failedMessage = (n: number) => `Failed to send ${n} invitation(s)`;

/** The spec's "basic address pattern": something@something.something, no spaces. */
export const BASIC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The addresses of a send: trimmed, lower-cased, only those matching the basic pattern, each once. */
export function validInvitationEmails(emails: readonly string[]): string[] {
  const kept = emails.map((email) => email.trim().toLowerCase()).filter((email) => BASIC_EMAIL_PATTERN.test(email));
  return [...new Set(kept)];
}

export const sendInvitationsInputSchema = z.object({
  eventId: z.uuid(SELECT_EVENT_MESSAGE),
  emails: z
    .array(z.string().max(320))
    .max(MAX_INVITATION_EMAILS * 2, TOO_MANY_EMAILS_MESSAGE)
    .transform(validInvitationEmails)
    .pipe(z.array(z.string()).min(1, NO_VALID_EMAIL_MESSAGE).max(MAX_INVITATION_EMAILS, TOO_MANY_EMAILS_MESSAGE)),
});
export type SendInvitationsInput = z.input<typeof sendInvitationsInputSchema>;

export interface InvitationSendResult {
  email: string;
  success: boolean;
}

export const acceptInvitationInputSchema = z.object({ token: z.string().trim().min(1).max(200) });

// ---- The organizer's list -------------------------------------------------------------------------------------------

export const RESEND_NOT_ALLOWED_MESSAGE = 'Only pending or expired invitations can be resent';
export const REVOKE_NOT_ALLOWED_MESSAGE = 'Only pending invitations can be revoked';
export const INVITATION_RESENT_MESSAGE = 'Invitation resent';
export const INVITATION_REVOKED_MESSAGE = 'Invitation revoked';

export interface InvitationDto {
  id: string;
  eventId: string;
  email: string;
  /** `expired` is a pending invitation past its expiry. */
  status: InvitationStatus;
  role: InvitationRole;
  expiresAt: string;
  acceptedAt: string | null;
  createdAt: string;
  invitedByName: string | null;
}

export interface InvitableEventDto {
  id: string;
  name: string;
  startDate: string;
}
