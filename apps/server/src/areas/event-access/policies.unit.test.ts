import { describe, expect, it } from 'vitest';
import type { Caller } from '../../platform/auth/caller.ts';
import {
  canDeleteEvent,
  canManageEvent,
  canParticipate,
  canStaffEvent,
  hasRole,
  isSelfOrAdmin,
  isSignedIn,
  NO_RELATION,
  type EventRelation,
} from './policies.ts';

const caller = (roles: Caller['roles'] = ['registered_user']): Caller => ({
  userId: 'u1',
  email: 'u1@acme.com',
  name: 'U One',
  roles,
  sessionId: 's1',
});
const relation = (patch: Partial<EventRelation>): EventRelation => ({ ...NO_RELATION, ...patch });

describe('policies', () => {
  it('tells visitors from signed-in callers', () => {
    expect(isSignedIn(null)).toBe(false);
    expect(isSignedIn(caller())).toBe(true);
    expect(hasRole(null, 'super_admin')).toBe(false);
    expect(hasRole(caller(['super_admin']), 'super_admin')).toBe(true);
  });

  it('lets only the account holder or a super admin act on an account', () => {
    expect(isSelfOrAdmin(caller(), 'u1')).toBe(true);
    expect(isSelfOrAdmin(caller(), 'u2')).toBe(false);
    expect(isSelfOrAdmin(caller(['super_admin']), 'u2')).toBe(true);
    expect(isSelfOrAdmin(null, 'u1')).toBe(false);
  });

  it('lets owners, co-owners and super admins manage an event, nobody else', () => {
    expect(canManageEvent(caller(), relation({ isOwner: true }))).toBe(true);
    expect(canManageEvent(caller(), relation({ isCoOwner: true }))).toBe(true);
    expect(canManageEvent(caller(['super_admin']), NO_RELATION)).toBe(true);
    expect(canManageEvent(caller(), relation({ isVolunteer: true }))).toBe(false);
    expect(canManageEvent(caller(), relation({ isAttendee: true }))).toBe(false);
    // The event_owner role alone is about other events: owning this one is what counts.
    expect(canManageEvent(caller(['event_owner']), NO_RELATION)).toBe(false);
    expect(canManageEvent(null, relation({ isOwner: true }))).toBe(false);
  });

  it('lets only the owner or a super admin delete an event, not a co-owner', () => {
    expect(canDeleteEvent(caller(), relation({ isOwner: true }))).toBe(true);
    expect(canDeleteEvent(caller(), relation({ isCoOwner: true }))).toBe(false);
    expect(canDeleteEvent(caller(['super_admin']), NO_RELATION)).toBe(true);
  });

  it('adds volunteers to the staff, and attendees and sponsor representatives to the participants', () => {
    expect(canStaffEvent(caller(), relation({ isVolunteer: true }))).toBe(true);
    expect(canStaffEvent(caller(), relation({ isAttendee: true }))).toBe(false);
    expect(canParticipate(caller(), relation({ isAttendee: true }))).toBe(true);
    expect(canParticipate(caller(), relation({ isSponsorRep: true }))).toBe(true);
    expect(canParticipate(caller(), relation({ isVolunteer: true }))).toBe(true);
    expect(canParticipate(caller(), NO_RELATION)).toBe(false);
    expect(canParticipate(null, relation({ isAttendee: true }))).toBe(false);
  });
});
