import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { liveTopics } from '@mingle/shared/core/live';
import type { Caller } from '../../platform/auth/caller.ts';
import { NO_RELATION, type EventRelation } from './policies.ts';
import type { Database } from '../../platform/db/client.ts';
import { canSubscribe, type TopicAccess } from './live-topics.ts';

const eventId = randomUUID();
const sessionId = randomUUID();
const unknownEventId = randomUUID();
const unknownSessionId = randomUUID();
/** A sponsor of the event, represented by the `representing` user; another sponsor of it, represented by nobody. */
const sponsorId = randomUUID();
const otherSponsorId = randomUUID();

function caller(overrides: Partial<Caller> = {}): Caller {
  return { userId: randomUUID(), email: 'a@acme-test.com', name: 'A', roles: [], sessionId: randomUUID(), ...overrides };
}

/** One event with one agenda session; `relations` says how each user stands with it. */
function fakeAccess(relations: Record<string, Partial<EventRelation>>, representing?: string): TopicAccess {
  return {
    async sponsorStanding(userId, id) {
      if (id !== sponsorId && id !== otherSponsorId) return null;
      return { relation: { ...NO_RELATION, ...relations[userId] }, isRep: id === sponsorId && userId === representing };
    },
    async eventRelation(userId, id) {
      if (id !== eventId) return null;
      return { ...NO_RELATION, ...relations[userId] };
    },
    async eventIdOfSession(id) {
      return id === sessionId ? eventId : null;
    },
  };
}

const ctx = { db: {} as Database };

describe('canSubscribe', () => {
  const attendee = caller();
  const owner = caller();
  const coOwner = caller();
  const volunteer = caller();
  const sponsorRep = caller();
  const stranger = caller();
  const admin = caller({ roles: ['super_admin'] });
  const access = fakeAccess({
    [attendee.userId]: { isAttendee: true },
    [owner.userId]: { isOwner: true },
    [coOwner.userId]: { isCoOwner: true },
    [volunteer.userId]: { isVolunteer: true },
    [sponsorRep.userId]: { isSponsorRep: true },
  }, sponsorRep.userId);
  const check = (who: Caller | null, topic: string) => canSubscribe(ctx, who, topic, access);

  it('user topics: only the user themself, not a visitor, another user or a super admin', async () => {
    for (const topic of [liveTopics.userMeetings, liveTopics.userMessages, liveTopics.userAccount]) {
      expect(await check(attendee, topic(attendee.userId))).toBe(true);
      expect(await check(null, topic(attendee.userId))).toBe(false);
      expect(await check(stranger, topic(attendee.userId))).toBe(false);
      expect(await check(admin, topic(attendee.userId))).toBe(false);
    }
  });

  it('event feed: participants only', async () => {
    const topic = liveTopics.eventFeed(eventId);
    for (const who of [attendee, owner, coOwner, volunteer, sponsorRep, admin]) expect(await check(who, topic)).toBe(true);
    expect(await check(stranger, topic)).toBe(false);
    expect(await check(null, topic)).toBe(false);
  });

  it('event analytics: managers and super admins only', async () => {
    const topic = liveTopics.eventAnalytics(eventId);
    for (const who of [owner, coOwner, admin]) expect(await check(who, topic)).toBe(true);
    for (const who of [attendee, volunteer, sponsorRep, stranger, null]) expect(await check(who, topic)).toBe(false);
  });

  it("sponsor analytics: the event's staff and that sponsor's representatives only", async () => {
    const topic = liveTopics.sponsorAnalytics(sponsorId);
    for (const who of [owner, coOwner, volunteer, admin, sponsorRep]) expect(await check(who, topic)).toBe(true);
    for (const who of [attendee, stranger, null]) expect(await check(who, topic)).toBe(false);
    // A representative of the event's other sponsor is no representative of this one.
    expect(await check(sponsorRep, liveTopics.sponsorAnalytics(otherSponsorId))).toBe(false);
    expect(await check(owner, liveTopics.sponsorAnalytics(otherSponsorId))).toBe(true);
  });

  it("session Q&A: participants of the session's event", async () => {
    const topic = liveTopics.sessionQa(sessionId);
    for (const who of [attendee, owner, volunteer, sponsorRep, admin]) expect(await check(who, topic)).toBe(true);
    expect(await check(stranger, topic)).toBe(false);
    expect(await check(null, topic)).toBe(false);
  });

  it('unknown event, session or sponsor: denied, even to a super admin', async () => {
    expect(await check(admin, liveTopics.eventFeed(unknownEventId))).toBe(false);
    expect(await check(admin, liveTopics.eventAnalytics(unknownEventId))).toBe(false);
    expect(await check(admin, liveTopics.sessionQa(unknownSessionId))).toBe(false);
    expect(await check(admin, liveTopics.sponsorAnalytics(randomUUID()))).toBe(false);
  });

  it('malformed topics: denied', async () => {
    for (const topic of ['', 'event:x:feed', `event:${eventId}:secrets`, `user:${attendee.userId}`, `${liveTopics.eventFeed(eventId)} `]) {
      expect(await check(admin, topic)).toBe(false);
      expect(await check(attendee, topic)).toBe(false);
    }
  });
});
