// Who stands how with an event, in one place: the caller's relation in one query (relation.ts), the one where-builder
// every scoped list uses (standsWith), the pure policies that read a relation (policies.ts), and who may listen to a
// live topic (live-topics.ts, handed to the platform's live hub by main.ts).
export {
  assertEventPermission,
  eventIdOfSession,
  loadEventRelation,
  loadEventWithRelation,
  MANAGER,
  PARTICIPANT,
  participatesIn,
  relationColumns,
  standsWith,
  type Stand,
} from './relation.ts';
export {
  canCreateEvent,
  canDeleteEvent,
  canInvite,
  canInviteTo,
  canManageEvent,
  canParticipate,
  canStaffEvent,
  canViewSponsorDashboard,
  hasRole,
  isSelfOrAdmin,
  isSignedIn,
  isSuperAdmin,
  NO_RELATION,
  type EventRelation,
} from './policies.ts';
export { canSubscribe, databaseTopicAccess, type TopicAccess } from './live-topics.ts';
export { eventWithSession } from './session-companion.ts';
