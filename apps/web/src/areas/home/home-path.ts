import type { PlatformRole } from '@mingle/shared/core/constants';

/**
 * Spec 01 "Home redirect": where /home sends a signed-in user, by role.
 * - super_admin: /super-admin-dashboard
 * - event_owner or event_volunteer: /volunteer-dashboard with a volunteer record and the volunteer role, else
 *   /event-manager-dashboard
 * - lbs_staff, lbs_faculty or registered_user: /sponsors-networking
 * - anyone else: /dashboard
 */
export function homePathFor(roles: readonly PlatformRole[], isVolunteer: boolean): string {
  if (roles.includes('super_admin')) return '/super-admin-dashboard';
  if (roles.includes('event_owner') || roles.includes('event_volunteer')) {
    return isVolunteer && roles.includes('event_volunteer') ? '/volunteer-dashboard' : '/event-manager-dashboard';
  }
  if (roles.includes('lbs_staff') || roles.includes('lbs_faculty') || roles.includes('registered_user')) {
    return '/sponsors-networking';
  }
  return '/dashboard';
}
