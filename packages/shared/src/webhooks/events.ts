import { msg } from '../core/messages.ts';
// The webhook event types an organizer can subscribe an endpoint to, and what each delivery's body carries
// (issue 21). No zod here: the web page loads the list and its labels. A delivery's body is the Standard Webhooks
// envelope `{ type, timestamp, data }`; `data` holds the ids and fields an organizer of the event can see anyway.

export const WEBHOOK_EVENT_TYPES = [
  'registration.created',
  'registration.cancelled',
  'check_in.created',
  'lead.created',
  'lead.updated',
  'lead.withdrawn',
  'meeting.accepted',
  'session.created',
  'session.updated',
  'feed_post.created',
  'question.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test ping an organizer sends from the page: never subscribed to, sent to one endpoint on request. */
export const WEBHOOK_PING_TYPE = 'ping';
export type WebhookDeliveryType = WebhookEventType | typeof WEBHOOK_PING_TYPE;

/** Each type as the page's checkboxes name it, in the list's order. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'registration.created': msg('Registration created'),
  'registration.cancelled': msg('Registration cancelled'),
  'check_in.created': msg('Checked in at the door'),
  'lead.created': msg('Lead captured'),
  'lead.updated': msg('Lead updated'),
  'lead.withdrawn': msg('Lead withdrawn'),
  'meeting.accepted': msg('Meeting accepted'),
  'session.created': msg('Session created'),
  'session.updated': msg('Session changed'),
  'feed_post.created': msg('Feed post'),
  'question.created': msg('Question asked'),
};

/** A person as a payload names them: their id and the name they go by. */
export interface WebhookPerson {
  userId: string;
  fullName: string;
}

/** The `data` of each type. Every one carries the event's id. */
export interface WebhookData {
  'registration.created': WebhookPerson & {
    eventId: string;
    email: string;
    /** `waitlisted` on joining a full event's waitlist; `registered` on taking a place (again when promoted from it). */
    status: 'registered' | 'waitlisted';
  };
  'registration.cancelled': WebhookPerson & {
    eventId: string;
    /** What was given up: a place, or a place on the waitlist. */
    endedFrom: 'registered' | 'waitlisted';
    byOrganizer: boolean;
  };
  'check_in.created': WebhookPerson & { eventId: string; checkInId: string; pointId: string | null; checkedInAt: string };
  'lead.created': WebhookLead;
  'lead.updated': WebhookLead;
  'lead.withdrawn': { eventId: string; sponsorId: string; leadId: string; attendee: WebhookPerson };
  'meeting.accepted': {
    eventId: string;
    meetingId: string;
    requester: WebhookPerson;
    recipient: WebhookPerson;
    scheduledAt: string;
    durationMinutes: number;
    meetingType: string;
    location: string | null;
  };
  'session.created': WebhookSession;
  'session.updated': WebhookSession;
  'feed_post.created': { eventId: string; postId: string; author: WebhookPerson; content: string; createdAt: string };
  'question.created': { eventId: string; sessionId: string; questionId: string; question: string; anonymous: boolean; author: WebhookPerson | null };
  ping: { eventId: string; endpointId: string; message: string };
}

/** A lead as the sponsor's leads list shows it: who, how interested, their note, whether they asked to be contacted. */
export interface WebhookLead {
  eventId: string;
  sponsorId: string;
  leadId: string;
  attendee: WebhookPerson;
  interestLevel: string | null;
  notes: string | null;
  contactRequested: boolean;
}

export interface WebhookSession {
  eventId: string;
  sessionId: string;
  title: string;
  startTime: string;
  endTime: string;
  location: string | null;
}

/** A delivery's body: the Standard Webhooks envelope. `timestamp` is when it happened (ISO 8601). */
export interface WebhookPayload<T extends WebhookDeliveryType = WebhookDeliveryType> {
  type: T;
  timestamp: string;
  data: WebhookData[T];
}
