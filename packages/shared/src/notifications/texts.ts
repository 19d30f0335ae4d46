import type { NotificationKind, SessionReminderLead, TicketStatus } from '../core/constants.ts';
import { GOODIE_RECEIVED_TITLE, goodieReceivedDescription } from '../volunteers/goodie-notification.ts';
import { fill, msg } from '../core/messages.ts';

// The words and links of notifications, once: the server writes them into a notification when it happens (so the
// list, the toast and later the email and push say the same), the web labels its preference switches with them. No
// zod here: every signed-in page loads this with the bell. A stored title is English, a marked message filled in
// (fill()), so the web shows it in the reader's language with translateMessage, whatever language wrote it.

/** Page sizes: the list's default and most, and the bell's panel. */
export const NOTIFICATION_LIMITS = { pageSize: 20, maxPageSize: 50, panelSize: 8 } as const;

export const NOTIFICATION_MESSAGES = {
  notFound: msg('Notification not found'),
  loadFailed: msg('Failed to load notifications'),
  preferencesSaved: msg('Notification preferences saved'),
  preferencesFailed: msg('Failed to save notification preferences'),
  unsubscribeNotFound: msg('This unsubscribe link is not valid'),
  pushServiceUnknown: msg('Push notifications are not available for this browser'),
  pushDeviceNotFound: msg('Push notifications are not on for this device'),
  pushTurnedOn: msg('Push notifications are on for this device'),
  pushTurnedOff: msg('Push notifications are off for this device'),
  pushBlocked: msg('Notifications are blocked for this site in your browser settings'),
  pushFailed: msg('Could not turn on push notifications'),
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

/**
 * The kinds whose body the server wrote (a marked message, shown translated); every other kind's body is someone's
 * words or a name (a message's preview, an event, a ticket's subject), shown as written even when it reads like ours.
 */
export const MESSAGE_BODY_KINDS: ReadonlySet<NotificationKind> = new Set(['goodie_received']);

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

/** The lead times a person can choose, as marked messages the web translates. */
const LEAD_TIMES: Record<SessionReminderLead, string> = {
  5: msg('5 minutes'),
  10: msg('10 minutes'),
  15: msg('15 minutes'),
  30: msg('30 minutes'),
  60: msg('1 hour'),
};

/** The reminder's title for each lead time: the time is part of the marked text, so every language words it whole. */
const REMINDER_TITLES: Record<SessionReminderLead, string> = {
  5: msg('Starting in 5 minutes: {{session}}'),
  10: msg('Starting in 10 minutes: {{session}}'),
  15: msg('Starting in 15 minutes: {{session}}'),
  30: msg('Starting in 30 minutes: {{session}}'),
  60: msg('Starting in 1 hour: {{session}}'),
};

const isLead = (minutes: number): minutes is SessionReminderLead => minutes in LEAD_TIMES;

/** A ticket's notification title per status: whole sentences, so each language words the status its own way. */
const TICKET_STATUS_TITLES: Record<TicketStatus, string> = {
  open: msg('Your support ticket is Open'),
  in_progress: msg('Your support ticket is In Progress'),
  resolved: msg('Your support ticket is Resolved'),
  closed: msg('Your support ticket is Closed'),
};

/** "10 minutes", "1 hour", "1 hour 30 minutes": a lead time as a reminder says it. */
export function leadTime(minutes: number): string {
  if (isLead(minutes)) return LEAD_TIMES[minutes];
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
      return { title: fill(msg('{{actor}} requested a meeting with you'), { actor: facts.actorName }), body: facts.eventName, link: '/meetings?tab=requests' };
    case 'meeting_accepted':
      return { title: fill(msg('{{actor}} accepted your meeting request'), { actor: facts.actorName }), body: facts.eventName, link: '/meetings?tab=scheduled' };
    case 'meeting_declined':
      return { title: fill(msg('{{actor}} declined your meeting request'), { actor: facts.actorName }), body: facts.eventName, link: '/meetings?tab=sent' };
    case 'meeting_cancelled':
      return { title: fill(msg('{{actor}} cancelled your meeting'), { actor: facts.actorName }), body: facts.eventName, link: '/meetings' };
    case 'message_received':
      return {
        title: fill(msg('New message from {{actor}}'), { actor: facts.actorName }),
        body: preview(facts.preview),
        link: `/messages?with=${encodeURIComponent(facts.actorId)}`,
      };
    case 'goodie_received':
      return { title: GOODIE_RECEIVED_TITLE, body: goodieReceivedDescription(facts.eventName), link: `/event/${encodeURIComponent(facts.eventSlug)}` };
    case 'question_answered':
      return { title: msg('Your question was answered'), body: facts.sessionTitle, link: `/sessions/${encodeURIComponent(facts.sessionId)}/qa` };
    case 'session_reminder':
      return {
        title: isLead(facts.minutesBefore)
          ? fill(REMINDER_TITLES[facts.minutesBefore], { session: facts.sessionTitle })
          : `Starting in ${leadTime(facts.minutesBefore)}: ${facts.sessionTitle}`,
        body: facts.location,
        link: `/events/${encodeURIComponent(facts.eventId)}/agenda`,
      };
    case 'event_reminder':
      return { title: fill(msg('{{event}} starts tomorrow'), { event: facts.eventName }), body: facts.location, link: `/events/${encodeURIComponent(facts.eventId)}/agenda` };
    case 'ticket_status':
      return { title: TICKET_STATUS_TITLES[facts.status], body: facts.subject, link: '/support' };
    case 'webhook_disabled':
      return {
        title: fill(msg('A webhook of {{event}} was turned off after repeated failures'), { event: facts.eventName }),
        body: facts.url,
        link: `/events/${encodeURIComponent(facts.eventId)}/webhooks`,
      };
  }
}

/** Each kind as the preference grid names it, in the grid's order. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  meeting_requested: msg('Meeting requests'),
  meeting_accepted: msg('Meeting accepted'),
  meeting_declined: msg('Meeting declined'),
  meeting_cancelled: msg('Meeting cancelled'),
  message_received: msg('New messages'),
  goodie_received: msg('Goodies received'),
  question_answered: msg('Your questions answered'),
  session_reminder: msg('Session reminders'),
  event_reminder: msg('Event reminders'),
  ticket_status: msg('Support ticket updates'),
  webhook_disabled: msg('Webhooks turned off'),
};

