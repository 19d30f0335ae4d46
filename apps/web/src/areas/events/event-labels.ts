import type { EventType } from '@mingle/shared/core/constants';
import type { EventViewer } from '@mingle/shared/events/contract';

/** The spec's dashboard shows the raw event type with underscores as spaces: "in person". */
export function eventTypeText(type: EventType): string {
  return type.replaceAll('_', ' ');
}

/** The caller's role at an event, for a badge; null when they only see it because registration is open. */
export function roleLabel(viewer: EventViewer): string | null {
  if (viewer.isOwner) return 'Owner';
  if (viewer.isCoOwner) return 'Co-owner';
  if (viewer.isVolunteer) return 'Volunteer';
  if (viewer.isAttendee) return 'Registered';
  if (viewer.canManage) return 'Admin';
  return null;
}
