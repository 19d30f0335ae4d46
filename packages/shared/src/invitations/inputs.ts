import { z } from 'zod';
import type { InvitationRole } from '../core/constants.ts';
import { fill, msg } from '../core/messages.ts';

// Spec 02 "Send Event Invitations" and spec 01 "Invitation": the exact messages, the rules of the form and of
// acceptance; what the API answers is in contract.ts. The texts of acceptance are in acceptance.ts (no zod: /auth loads them). Volunteer management (adding by email, allocations, moving goodies) lives in
// volunteer-management.ts.

/** Invitations are valid for 7 days (spec 02 "Defaults"). */
export const INVITATION_VALID_DAYS = 7;
export const INVITATIONS_VALID_TEXT = 'Invitations are valid for 7 days';
/** The most addresses one send takes (each is an email). */
export const MAX_INVITATION_EMAILS = 50;

/**
 * Invitation emails (issue 16, decision 0077), counted in the database over a rolling day so every server process
 * counts together. Per sender account: a 2,000-person conference's organizer invites a few hundred people a day in
 * batches of 50. Per recipient address, across every event and sender, sends and resends alike: a handful a day.
 */
export const INVITATION_LIMITS = { perSenderPerDay: 500, perRecipientPerDay: 5 } as const;
export const INVITATION_LIMITS_TEXT = `You can send up to ${INVITATION_LIMITS.perSenderPerDay} invitations a day; one address gets at most ${INVITATION_LIMITS.perRecipientPerDay} invitation emails a day`;
export const SENDER_LIMIT_MESSAGE = fill(msg("You have reached today's limit of {{max}} invitations. Please try again tomorrow."), { max: INVITATION_LIMITS.perSenderPerDay });
export const RECIPIENT_LIMIT_MESSAGE = fill(msg('This address has received {{max}} invitation emails today. Please try again tomorrow.'), { max: INVITATION_LIMITS.perRecipientPerDay });

export const SELECT_EVENT_MESSAGE = msg('Please select an event');
export const NO_VALID_EMAIL_MESSAGE = msg('Please enter at least one valid email address');
export const TOO_MANY_EMAILS_MESSAGE = fill(msg('You can send at most {{max}} invitations at once'), { max: MAX_INVITATION_EMAILS });
export const NO_INVITE_PERMISSION_MESSAGE = msg("You don't have permission to send invitations");
export const LOAD_EVENTS_FAILED_MESSAGE = msg('Failed to load events');
export const SEND_FAILED_MESSAGE = msg('Failed to send invitations');
export const sentMessage = (n: number) => fill(msg('Successfully sent {{n}} invitation(s)'), { n });
export const failedMessage = (n: number) => fill(msg('Failed to send {{n}} invitation(s)'), { n });

/** The spec's "basic address pattern": something@something.something, no spaces. */
export const BASIC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An address that was typed but does not match the basic pattern. The spec keeps only matching addresses; dropping
 * the others without a word read "Successfully sent 3" for 4 typed, so it is refused by name (issue 17, decision 0115).
 */
export const invalidInvitationEmailMessage = (email: string) => fill(msg('{{email}} is not a valid email address'), { email });

/** The entered addresses that are not blank and do not match the basic pattern, as typed (trimmed), by position. */
export function invalidInvitationEmails(emails: readonly string[]): Array<{ index: number; email: string }> {
  return emails
    .map((email, index) => ({ index, email: email.trim() }))
    .filter(({ email }) => email !== '' && !BASIC_EMAIL_PATTERN.test(email));
}

/** The addresses of a send: trimmed, lower-cased, blanks left out, each once (every other one matches the pattern). */
export function validInvitationEmails(emails: readonly string[]): string[] {
  const kept = emails.map((email) => email.trim().toLowerCase()).filter((email) => BASIC_EMAIL_PATTERN.test(email));
  return [...new Set(kept)];
}

export const sendInvitationsInputSchema = z.object({
  eventId: z.uuid(SELECT_EVENT_MESSAGE),
  emails: z
    .array(z.string().max(320))
    .max(MAX_INVITATION_EMAILS * 2, TOO_MANY_EMAILS_MESSAGE)
    .check((ctx) => {
      for (const { index, email } of invalidInvitationEmails(ctx.value)) {
        ctx.issues.push({ code: 'custom', input: ctx.value, path: [index], message: invalidInvitationEmailMessage(email) });
      }
    })
    .transform(validInvitationEmails)
    .pipe(z.array(z.string()).min(1, NO_VALID_EMAIL_MESSAGE).max(MAX_INVITATION_EMAILS, TOO_MANY_EMAILS_MESSAGE)),
});
export type SendInvitationsInput = z.input<typeof sendInvitationsInputSchema>;

export const acceptInvitationInputSchema = z.object({ token: z.string().trim().min(1).max(200) });

// ---- The organizer's list -------------------------------------------------------------------------------------------

export const RESEND_NOT_ALLOWED_MESSAGE = msg('Only pending or expired invitations can be resent');
export const REVOKE_NOT_ALLOWED_MESSAGE = msg('Only pending invitations can be revoked');
export const INVITATION_RESENT_MESSAGE = msg('Invitation resent');
export const INVITATION_REVOKED_MESSAGE = msg('Invitation revoked');

// ---- The invited person's own invitations (issue 16: roles are granted only by the person's yes) ------------------

export const MY_INVITATIONS_TITLE = 'Invitations';
export const INVITATION_DECLINED_MESSAGE = msg('Invitation declined');
export const ROLE_GIVEN_UP_MESSAGE = msg('You no longer hold this role');
export const ROLE_REMOVED_MESSAGE = msg('Role removed');

/** How an invitation's role reads: "to volunteer at {event}" and so on. */
export function invitationRoleText(role: InvitationRole, eventName: string, sponsorName: string | null): string {
  switch (role) {
    case 'volunteer':
      return `Volunteer at ${eventName}`;
    case 'co_owner':
      return `Event Co-Owner of ${eventName}`;
    case 'sponsor_representative':
      return `Representative of ${sponsorName ?? 'a sponsor'} at ${eventName}`;
    default:
      return `Attend ${eventName}`;
  }
}
