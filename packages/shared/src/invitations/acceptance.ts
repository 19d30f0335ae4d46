import { fill, msg } from '../core/messages.ts';
// Spec 01 "Invitation" and its message table: what /auth shows when opened from an invitation link and when the
// invitation is accepted or refused. Kept free of zod: the auth page, which people arrive on, imports it.

/** The URL hash key the emailed link carries the token under: `/auth#invitation=<token>`. */
export const INVITATION_HASH_KEY = 'invitation';
/** Beside the token, the invited address (`…&email=<address>`): the sign-up form starts with it filled in. */
export const INVITATION_EMAIL_HASH_KEY = 'email';
export const INVITATION_DETECTED = {
  title: 'Invitation Detected',
  description: 'Please sign in or create an account to accept the invitation',
} as const;
export const INVITATION_REFUSALS = {
  already_accepted: { title: msg('Already Accepted'), description: msg('This invitation has already been accepted') },
  invitation_expired: { title: msg('Invitation Expired'), description: msg('This invitation has expired') },
  email_mismatch: { title: msg('Email Mismatch'), description: msg('This invitation was sent to a different email address') },
  // Not in the spec (its client had no revoke): worded like its siblings.
  invitation_revoked: { title: msg('Invitation Revoked'), description: msg('This invitation has been revoked by the organizer') },
  // Issue 16: the invited person declined it.
  invitation_declined: { title: msg('Invitation Declined'), description: msg('This invitation has been declined') },
} as const;
export type InvitationRefusalCode = keyof typeof INVITATION_REFUSALS;
export const INVITATION_FAILED = { title: msg('Error'), description: msg('Failed to accept invitation. Please contact support.') } as const;
export const INVITATION_NOT_FOUND_MESSAGE = msg('Invitation not found');
/** Marked messages, filled: the web shows them with translateMessage. */
export const invitationAccepted = (eventName: string | null) => ({
  title: msg('Invitation Accepted'),
  description: eventName ? fill(msg('You now have access to {{event}}'), { event: eventName }) : msg('You now have access to the event'),
});
