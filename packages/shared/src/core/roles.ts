import type { PlatformRole } from './constants.ts';

/** Spec 02 section 6: invitation rights belong to event_owner and event_volunteer; the server and the screens ask here. */
export function holdsInvitationRights(roles: readonly PlatformRole[]): boolean {
  return roles.includes('event_owner') || roles.includes('event_volunteer');
}
