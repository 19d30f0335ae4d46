import { z } from 'zod';

// The protocol of the one WebSocket per tab at /api/live. Topics are strings; the server checks each
// subscription against the caller's rights and answers `denied` when they may not listen.

export const liveTopics = {
  /** Posts, likes, pins of an event's feed. */
  eventFeed: (eventId: string) => `event:${eventId}:feed`,
  /** New analytics rows of an event (organizers only). */
  eventAnalytics: (eventId: string) => `event:${eventId}:analytics`,
  /** New analytics rows of one sponsor: booth visits, clicks and leads (the sponsor dashboard's viewers only). */
  sponsorAnalytics: (sponsorId: string) => `sponsor:${sponsorId}:analytics`,
  /** Questions, upvotes and answers of one agenda session. */
  sessionQa: (sessionId: string) => `session:${sessionId}:qa`,
  /** Meetings addressed to or sent by the user. */
  userMeetings: (userId: string) => `user:${userId}:meetings`,
  /** Direct messages to the user. */
  userMessages: (userId: string) => `user:${userId}:messages`,
  /** The user's own account: profile, roles, points, goodies received (USER_UPDATED in the spec). */
  userAccount: (userId: string) => `user:${userId}:account`,
} as const;

const uuidPattern = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const topicPattern = new RegExp(
  `^(event:${uuidPattern}:(feed|analytics)|sponsor:${uuidPattern}:analytics|session:${uuidPattern}:qa|user:${uuidPattern}:(meetings|messages|account))$`,
);

export type ParsedTopic =
  | { scope: 'event'; id: string; channel: 'feed' | 'analytics' }
  | { scope: 'sponsor'; id: string; channel: 'analytics' }
  | { scope: 'session'; id: string; channel: 'qa' }
  | { scope: 'user'; id: string; channel: 'meetings' | 'messages' | 'account' };

export function parseTopic(topic: string): ParsedTopic | null {
  if (!topicPattern.test(topic)) return null;
  const [scope, id, channel] = topic.split(':') as [string, string, string];
  return { scope, id, channel } as ParsedTopic;
}

/** What a browser sends. */
export const liveClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topic: z.string().regex(topicPattern) }),
  z.object({ type: z.literal('unsubscribe'), topic: z.string().regex(topicPattern) }),
  z.object({ type: z.literal('pong') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** A change that happened, as delivered to subscribers: `kind` names it (e.g. "post.created"). */
export interface LiveEvent {
  kind: string;
  data?: unknown;
}

/** What the server sends. */
export type LiveServerMessage =
  | { type: 'subscribed'; topic: string }
  | { type: 'denied'; topic: string }
  | { type: 'event'; topic: string; event: LiveEvent }
  | { type: 'ping' };
