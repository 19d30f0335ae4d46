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
  already_accepted: { title: 'Already Accepted', description: 'This invitation has already been accepted' },
  invitation_expired: { title: 'Invitation Expired', description: 'This invitation has expired' },
  email_mismatch: { title: 'Email Mismatch', description: 'This invitation was sent to a different email address' },
  // Not in the spec (its client had no revoke): worded like its siblings.
  invitation_revoked: { title: 'Invitation Revoked', description: 'This invitation has been revoked by the organizer' },
  // Issue 16: the invited person declined it.
  invitation_declined: { title: 'Invitation Declined', description: 'This invitation has been declined' },
} as const;
export type InvitationRefusalCode = keyof typeof INVITATION_REFUSALS;
export const INVITATION_FAILED = { title: 'Error', description: 'Failed to accept invitation. Please contact support.' } as const;
export const INVITATION_NOT_FOUND_MESSAGE = 'Invitation not found';
export const invitationAccepted = (eventName: string | null) => ({
  title: 'Invitation Accepted',
  description: `You now have access to ${eventName ?? 'the event'}`,
});
