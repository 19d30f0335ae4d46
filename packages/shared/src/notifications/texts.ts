import type { NotificationKind, TicketStatus } from '../core/constants.ts';
import { GOODIE_RECEIVED_TITLE, goodieReceivedDescription } from '../volunteers/goodie-notification.ts';

// The words and links of notifications, once: the server writes them into a notification when it happens (so the
// list, the toast and later the email and push say the same), the web labels its preference switches with them. No
// zod here: every signed-in page loads this with the bell.

/** Page sizes: the list's default and most, and the bell's panel. */
export const NOTIFICATION_LIMITS = { pageSize: 20, maxPageSize: 50, panelSize: 8 } as const;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  loadFailed: 'Failed to load notifications',
  preferencesSaved: 'Notification preferences saved',
  preferencesFailed: 'Failed to save notification preferences',
  unsubscribeNotFound: 'This unsubscribe link is not valid',
  pushServiceUnknown: 'Push notifications are not available for this browser',
  pushDeviceNotFound: 'Push notifications are not on for this device',
  pushTurnedOn: 'Push notifications are on for this device',
  pushTurnedOff: 'Push notifications are off for this device',
  pushBlocked: 'Notifications are blocked for this site in your browser settings',
  pushFailed: 'Could not turn on push notifications',
} as const;

/** Live events on the owner's account topic: a notification was written, or some were marked read. */
export const NOTIFICATION_CREATED_KIND = 'notification.created';
export const NOTIFICATIONS_READ_KIND = 'notifications.read';

/** What a notification says and where it leads, as stored with it. */
export interface NotificationText {
  title: string;
  body: string | null;
  /** A path of the web app. */
  link: string;
}

/** What a live `notification.created` carries: enough for a toast without a request. */
export interface NotificationCreatedEvent extends NotificationText {
  id: string;
  kind: NotificationKind;
}

/** Whether a live event's data is a NotificationCreatedEvent (the socket's data is only JSON). */
export function isNotificationCreatedEvent(data: unknown): data is NotificationCreatedEvent {
  if (typeof data !== 'object' || data === null) return false;
  const event = data as Record<string, unknown>;
  return typeof event.id === 'string' && typeof event.kind === 'string' && typeof event.title === 'string' && typeof event.link === 'string';
}

/** A message's preview in its notification: enough to recognise it, never the whole text. */
export const MESSAGE_PREVIEW_LENGTH = 140;

/** The facts each kind is told from; the writing area has them at hand. */
export type NotificationFacts =
  | { kind: 'meeting_requested'; actorName: string; eventName: string | null }
  | { kind: 'meeting_accepted' | 'meeting_declined' | 'meeting_cancelled'; actorName: string; eventName: string | null }
  | { kind: 'message_received'; actorName: string; actorId: string; preview: string }
  | { kind: 'goodie_received'; eventName: string; eventSlug: string }
  | { kind: 'question_answered'; sessionId: string; sessionTitle: string }
  | { kind: 'session_reminder'; eventId: string; sessionTitle: string; minutesBefore: number; location: string | null }
  | { kind: 'event_reminder'; eventId: string; eventName: string; location: string | null }
  | { kind: 'ticket_status'; subject: string; status: TicketStatus }
  | { kind: 'webhook_disabled'; eventId: string; eventName: string; url: string };

/** A support ticket's status as the support screens name it. */
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = { open: 'Open', in_progress: 'In Progress', resolved: 'Resolved', closed: 'Closed' };

/** "10 minutes", "1 hour", "1 hour 30 minutes": a lead time as a reminder says it. */
export function leadTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : '', rest || !hours ? `${rest} ${rest === 1 ? 'minute' : 'minutes'}` : ''];
  return parts.filter(Boolean).join(' ');
}

const preview = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MESSAGE_PREVIEW_LENGTH ? `${flat.slice(0, MESSAGE_PREVIEW_LENGTH - 1)}…` : flat;
};

/** The title, body and link of a notification. */
export function describeNotification(facts: NotificationFacts): NotificationText {
  switch (facts.kind) {
    case 'meeting_requested':
      return { title: `${facts.actorName} requested a meeting with you`, body: facts.eventName, link: '/meetings?tab=requests' };
    case 'meeting_accepted':
      return { title: `${facts.actorName} accepted your meeting request`, body: facts.eventName, link: '/meetings?tab=scheduled' };
    case 'meeting_declined':
      return { title: `${facts.actorName} declined your meeting request`, body: facts.eventName, link: '/meetings?tab=sent' };
    case 'meeting_cancelled':
      return { title: `${facts.actorName} cancelled your meeting`, body: facts.eventName, link: '/meetings' };
    case 'message_received':
      return {
        title: `New message from ${facts.actorName}`,
        body: preview(facts.preview),
        link: `/messages?with=${encodeURIComponent(facts.actorId)}`,
      };
    case 'goodie_received':
      return { title: GOODIE_RECEIVED_TITLE, body: goodieReceivedDescription(facts.eventName), link: `/event/${encodeURIComponent(facts.eventSlug)}` };
    case 'question_answered':
      return { title: 'Your question was answered', body: facts.sessionTitle, link: `/sessions/${encodeURIComponent(facts.sessionId)}/qa` };
    case 'session_reminder':
      return {
        title: `Starting in ${leadTime(facts.minutesBefore)}: ${facts.sessionTitle}`,
        body: facts.location,
        link: `/events/${encodeURIComponent(facts.eventId)}/agenda`,
      };
    case 'event_reminder':
      return { title: `${facts.eventName} starts tomorrow`, body: facts.location, link: `/events/${encodeURIComponent(facts.eventId)}/agenda` };
    case 'ticket_status':
      return { title: `Your support ticket is ${TICKET_STATUS_LABELS[facts.status]}`, body: facts.subject, link: '/support' };
    case 'webhook_disabled':
      return {
        title: `A webhook of ${facts.eventName} was turned off after repeated failures`,
        body: facts.url,
        link: `/events/${encodeURIComponent(facts.eventId)}/webhooks`,
      };
  }
}

/** Each kind as the preference grid names it, in the grid's order. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  meeting_requested: 'Meeting requests',
  meeting_accepted: 'Meeting accepted',
  meeting_declined: 'Meeting declined',
  meeting_cancelled: 'Meeting cancelled',
  message_received: 'New messages',
  goodie_received: 'Goodies received',
  question_answered: 'Your questions answered',
  session_reminder: 'Session reminders',
  event_reminder: 'Event reminders',
  ticket_status: 'Support ticket updates',
  webhook_disabled: 'Webhooks turned off',
};

