import type { PlatformRole } from '@mingle/shared/core/constants';
import { holdsInvitationRights } from '@mingle/shared/core/roles';
import type { Caller } from '../../platform/auth/caller.ts';

/**
 * Who may do what, as pure functions of the caller and their relation to an event. Routes load the facts
 * (areas/event-access/relation.ts) and ask here; nothing in this file touches the database, so every rule has a unit test.
 */

/** How the caller stands with one event. */
export interface EventRelation {
  isOwner: boolean;
  isCoOwner: boolean;
  isVolunteer: boolean;
  isAttendee: boolean;
  /** Waiting for a place of a full event: takes no part yet. */
  isWaitlisted: boolean;
  /** Representative of one of the event's sponsors. */
  isSponsorRep: boolean;
}

export const NO_RELATION: EventRelation = {
  isOwner: false,
  isCoOwner: false,
  isVolunteer: false,
  isAttendee: false,
  isWaitlisted: false,
  isSponsorRep: false,
};

export function isSignedIn(caller: Caller | null): caller is Caller {
  return caller !== null;
}

export function hasRole(caller: Caller | null, role: PlatformRole): boolean {
  return caller?.roles.includes(role) ?? false;
}

export function isSuperAdmin(caller: Caller | null): boolean {
  return hasRole(caller, 'super_admin');
}

/** Only the account holder (or a super admin) reads or changes an account's own data. */
export function isSelfOrAdmin(caller: Caller | null, userId: string): boolean {
  return caller !== null && (caller.userId === userId || isSuperAdmin(caller));
}

/** Create events: organizers and super admins (anyone who becomes an organizer by creating one, see events issue). */
export function canCreateEvent(caller: Caller | null): boolean {
  return isSignedIn(caller);
}

/** Edit settings, sessions, sponsors, volunteers, goodies, analytics: the owner, co-owners, super admins. */
export function canManageEvent(caller: Caller | null, relation: EventRelation): boolean {
  return caller !== null && (relation.isOwner || relation.isCoOwner || isSuperAdmin(caller));
}

/** Delete the event: only its owner, or a super admin (spec: co-owners cannot). */
export function canDeleteEvent(caller: Caller | null, relation: EventRelation): boolean {
  return caller !== null && (relation.isOwner || isSuperAdmin(caller));
}

/** Run the event on the floor (check-in, goodies, sponsor dashboards): organizers and volunteers. */
export function canStaffEvent(caller: Caller | null, relation: EventRelation): boolean {
  return canManageEvent(caller, relation) || (caller !== null && relation.isVolunteer);
}

/** Sponsor dashboards: the event's staff (owner, co-owners, volunteers, super admins) and this sponsor's representatives. */
export function canViewSponsorDashboard(caller: Caller, relation: EventRelation, isRep: boolean): boolean {
  return canStaffEvent(caller, relation) || isRep;
}

/** Take part (feed, Q&A, agenda, booths): attendees, sponsor representatives, staff and organizers. */
export function canParticipate(caller: Caller | null, relation: EventRelation): boolean {
  return canStaffEvent(caller, relation) || (caller !== null && (relation.isAttendee || relation.isSponsorRep));
}

/** Sends invitations at all (spec 02 section 6: event_owner and event_volunteer). */
export function canInvite(caller: Caller): boolean {
  return holdsInvitationRights(caller.roles);
}

/** The events a rights holder invites to: those they own, co-own or volunteer for ("only own events"). */
export function canInviteTo(relation: EventRelation): boolean {
  return relation.isOwner || relation.isCoOwner || relation.isVolunteer;
}
