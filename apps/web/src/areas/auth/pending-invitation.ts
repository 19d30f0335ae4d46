import {
  INVITATION_EMAIL_HASH_KEY,
  INVITATION_FAILED,
  INVITATION_HASH_KEY,
  INVITATION_REFUSALS,
  invitationAccepted,
} from '@mingle/shared/invitations/acceptance';
import type { AcceptedInvitationDto } from '@mingle/shared/invitations/contract';
import { invitationEndpoints } from '@mingle/shared/invitations/endpoints';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { ApiError, call } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import { translateMessage } from '@/lib/messages';

// Spec 01 "Invitation": the emailed link is /auth#invitation=<token>. The token is kept in sessionStorage from the
// moment /auth opens, through sign-in or the whole sign-up (code, terms), and through a social sign-in's round trip,
// then posted once the user is signed in. The hash is removed from the address bar at once, so the token does not
// stay in the history or get shared by a copied URL.

const STORAGE_KEY = 'mingle:pending-invitation';
const EMAIL_STORAGE_KEY = 'mingle:pending-invitation-email';
/** Where the token waits when sessionStorage is unavailable (lost on a reload, as the page itself would be). */
let memoryToken: string | null = null;
let memoryEmail: string | null = null;

/** Moves a token from the URL hash to sessionStorage; true when the page was opened from an invitation link. */
export function captureInvitationFromHash(): boolean {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const token = hash.get(INVITATION_HASH_KEY)?.trim();
  if (!token) return false;
  const email = hash.get(INVITATION_EMAIL_HASH_KEY)?.trim() ?? '';
  try {
    sessionStorage.setItem(STORAGE_KEY, token);
    sessionStorage.setItem(EMAIL_STORAGE_KEY, email);
  } catch {
    // Storage disabled (some private modes).
    memoryToken = token;
    memoryEmail = email;
  }
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return true;
}

export function hasPendingInvitation(): boolean {
  try {
    return memoryToken !== null || sessionStorage.getItem(STORAGE_KEY) !== null;
  } catch {
    return memoryToken !== null;
  }
}

/** The address the pending invitation was sent to, as its link says (the sign-up form starts with it), or ''. */
export function pendingInvitationEmail(): string {
  try {
    return sessionStorage.getItem(EMAIL_STORAGE_KEY) ?? memoryEmail ?? '';
  } catch {
    return memoryEmail ?? '';
  }
}

/** The stored token, once: a second caller (or a re-render) finds nothing, so an invitation is posted once. */
function takeToken(): string | null {
  let token = memoryToken;
  memoryToken = null;
  memoryEmail = null;
  try {
    token = sessionStorage.getItem(STORAGE_KEY) ?? token;
    sessionStorage.removeItem(STORAGE_KEY);
    sessionStorage.removeItem(EMAIL_STORAGE_KEY);
  } catch {
    // Nothing stored there.
  }
  return token;
}

/**
 * Accepts the pending invitation, if there is one, for the signed-in user, with the spec's toasts; the caches that
 * show events and roles are refreshed so the new event appears at once. Answers the accepted invitation, or null.
 */
export async function acceptPendingInvitation(queryClient: QueryClient): Promise<AcceptedInvitationDto | null> {
  const token = takeToken();
  if (!token) return null;
  try {
    const accepted = await call(invitationEndpoints.accept, { body: { token } });
    const message = invitationAccepted(accepted.eventName);
    toast.success(translateMessage(message.title), { description: translateMessage(message.description) });
    await queryClient.invalidateQueries();
    return accepted;
  } catch (error) {
    const refusal = error instanceof ApiError ? INVITATION_REFUSALS[error.code as keyof typeof INVITATION_REFUSALS] : undefined;
    const shown = refusal ?? INVITATION_FAILED;
    toast.error(i18n.t(shown.title, { ns: 'messages' }), { description: i18n.t(shown.description, { ns: 'messages' }) });
    return null;
  }
}
