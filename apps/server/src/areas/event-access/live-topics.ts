import { eq, sql } from 'drizzle-orm';
import { parseTopic } from '@mingle/shared/core/live';
import type { Caller } from '../../platform/auth/caller.ts';
import { isUuid, qualified } from '../../platform/db/sql.ts';
import { eventIdOfSession, loadEventRelation, relationColumns } from './relation.ts';
import { canManageEvent, canParticipate, canViewSponsorDashboard, isSuperAdmin, type EventRelation } from './policies.ts';
import type { AppContext } from '../../context.ts';
import { events } from '../../platform/db/schema/events.ts';
import { sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';

/** The facts a subscription check needs from the database; injected so the rules are tested without one. */
export interface TopicAccess {
  /** How the user stands with the event; null when the event does not exist. */
  eventRelation(userId: string, eventId: string): Promise<EventRelation | null>;
  /** The event of an agenda session; null when the session does not exist. */
  eventIdOfSession(sessionId: string): Promise<string | null>;
  /** How the user stands with a sponsor's event, and whether they represent the sponsor; null for an unknown sponsor. */
  sponsorStanding(userId: string, sponsorId: string): Promise<{ relation: EventRelation; isRep: boolean } | null>;
}

export function databaseTopicAccess(ctx: Pick<AppContext, 'db'>): TopicAccess {
  return {
    eventRelation: (userId, eventId) => loadEventRelation(ctx.db, userId, eventId),
    eventIdOfSession: (sessionId) => eventIdOfSession(ctx.db, sessionId),
    async sponsorStanding(userId, sponsorId) {
      if (!isUuid(sponsorId)) return null;
      const [row] = await ctx.db
        .select({
          ...relationColumns(userId),
          isRep: sql<boolean>`exists (select 1 from ${sponsorRepresentatives} where ${qualified(sponsorRepresentatives.sponsorId)} = ${qualified(sponsors.id)} and ${qualified(sponsorRepresentatives.userId)} = ${userId}::uuid)`,
        })
        .from(sponsors)
        .innerJoin(events, eq(events.id, sponsors.eventId))
        .where(eq(sponsors.id, sponsorId));
      if (!row) return null;
      const { isRep, ...relation } = row;
      return { relation, isRep };
    },
  };
}

/**
 * May `caller` listen to `topic`? Deny by default:
 * - `user:{id}:*`: only that user (not even a super admin: these carry private meetings and messages);
 * - `event:{id}:feed`: whoever may take part in the event (attendees, sponsor representatives, staff, organizers);
 * - `event:{id}:analytics`: whoever manages the event (owner, co-owners, super admins);
 * - `sponsor:{id}:analytics`: whoever may open that sponsor's dashboard (the event's staff, the sponsor's representatives);
 * - `session:{id}:qa`: whoever may take part in the session's event;
 * - an unknown event or session, a malformed topic, or a visitor on any topic: denied.
 * Super admins may listen to every event and session topic, as long as the event exists.
 *
 * Rights are checked once, when the socket subscribes (see hub.ts): the events are hints with ids, and what a
 * client then fetches over HTTP is authorized again.
 */
export async function canSubscribe(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller | null,
  topic: string,
  access: TopicAccess = databaseTopicAccess(ctx),
): Promise<boolean> {
  const parsed = parseTopic(topic);
  if (!parsed || caller === null) return false;
  switch (parsed.scope) {
    case 'user':
      return caller.userId === parsed.id;
    case 'event': {
      const relation = await access.eventRelation(caller.userId, parsed.id);
      if (!relation) return false;
      if (isSuperAdmin(caller)) return true;
      return parsed.channel === 'analytics' ? canManageEvent(caller, relation) : canParticipate(caller, relation);
    }
    case 'sponsor': {
      const standing = await access.sponsorStanding(caller.userId, parsed.id);
      return standing !== null && canViewSponsorDashboard(caller, standing.relation, standing.isRep);
    }
    case 'session': {
      const eventId = await access.eventIdOfSession(parsed.id);
      if (!eventId) return false;
      const relation = await access.eventRelation(caller.userId, eventId);
      return relation !== null && (isSuperAdmin(caller) || canParticipate(caller, relation));
    }
    default:
      return false;
  }
}
