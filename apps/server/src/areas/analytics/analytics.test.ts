import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveTopics } from '@mingle/shared/core/live';
import type { LiveMessage } from '../../platform/live/bus.ts';
import { eventAnalytics } from '../../platform/db/schema/analytics.ts';
import { sponsors } from '../../platform/db/schema/sponsors.ts';
import { addAttendee, createSession, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';

const server = useTestServer();


interface AnalyticsJson {
  metrics: Record<string, number>;
  daily: Array<Record<string, number | string>>;
  sessions: Array<{ id: string; views: number; bookmarks: number }>;
  sponsors: Array<{ id: string; companyName: string; boothVisits: number; leads: number }>;
}

describe('event analytics', () => {
  it('is for organizers and super admins only', async () => {
    const cast = await eventWithCast(server);
    const path = `/api/events/${cast.event.id}/analytics`;
    for (const who of [cast.owner, cast.coOwner, cast.admin]) expect((await server.send('GET', path, who.headers)).status).toBe(200);
    for (const who of [cast.volunteer, cast.attendee]) expect((await server.send('GET', path, who.headers)).status).toBe(403);
    for (const who of [cast.otherOwner, cast.stranger]) expect((await server.send('GET', path, who.headers)).status).toBe(404);
    expect((await server.send('GET', path)).status).toBe(401);
  });

  it('counts the rows recorded by real actions, with the engagement rate', async () => {
    const cast = await eventWithCast(server);
    const session = await createSession(server.ctx, cast.event, { title: 'Keynote' });
    const empty = (await (await server.send('GET', `/api/events/${cast.event.id}/analytics`, cast.owner.headers)).json()) as AnalyticsJson;
    expect(empty.metrics.engagementRate).toBe(0);
    await server.ctx.db.insert(eventAnalytics).values([
      { eventId: cast.event.id, metricType: 'registration' },
      { eventId: cast.event.id, metricType: 'registration' },
      { eventId: cast.event.id, metricType: 'registration' },
      { eventId: cast.event.id, metricType: 'page_view' },
      { eventId: cast.event.id, metricType: 'meeting_request' },
    ]);
    // Engagement: a post, a like, a question, an upvote; and a session opened.
    const post = (await (await server.send('POST', `/api/events/${cast.event.id}/feed`, cast.attendee.headers, { content: 'Hi all' })).json()) as { id: string };
    await server.send('PUT', `/api/feed/${post.id}/like`, cast.owner.headers);
    const question = (await (await server.send('POST', `/api/sessions/${session.id}/qa`, cast.attendee.headers, { question: 'A good question?' })).json()) as { id: string };
    await server.send('PUT', `/api/qa/${question.id}/upvote`, cast.owner.headers);
    expect((await server.send('POST', `/api/sessions/${session.id}/views`, cast.attendee.headers)).status).toBe(204);
    expect((await server.send('POST', `/api/sessions/${session.id}/views`, cast.stranger.headers)).status).toBe(404);
    const result = (await (await server.send('GET', `/api/events/${cast.event.id}/analytics`, cast.owner.headers)).json()) as AnalyticsJson;
    expect(result.metrics).toEqual({
      registrations: 3,
      pageViews: 1,
      sessionViews: 1,
      boothVisits: 0,
      meetingRequests: 1,
      engagements: 4,
      engagementRate: 1.3,
    });
    expect(result.sessions).toEqual([{ id: session.id, title: 'Keynote', views: 1, bookmarks: 0 }]);
    expect(result.daily.reduce((sum, day) => sum + Number(day.engagements), 0)).toBe(4);
  });
});

/** Every analytics announcement of one event, with the time it was heard. */
function listen(eventId: string) {
  const heard: number[] = [];
  const stop = server.ctx.live.onMessage((message: LiveMessage) => {
    if (message.topic === liveTopics.eventAnalytics(eventId) && message.event.kind === 'analytics.recorded') heard.push(Date.now());
  });
  return { heard, stop };
}

describe('analytics live', () => {
  const cases: Array<[string, (cast: Awaited<ReturnType<typeof eventWithCast>>) => Promise<Response>]> = [
    ['a public page view', (cast) => server.request(`/api/public/events/${cast.event.slug}`)],
    ['a registration', async (cast) => {
      const newcomer = await signedInUser(server);
      return server.send('POST', `/api/events/${cast.event.id}/registration`, newcomer.headers);
    }],
    ['a booth visit', async (cast) => {
      const [sponsor] = await server.ctx.db.insert(sponsors).values({ eventId: cast.event.id, companyName: 'Acme' }).returning();
      return server.send('POST', `/api/sponsors/${sponsor!.id}/actions`, cast.attendee.headers, { action: 'booth_visit' });
    }],
    ['a meeting request', async (cast) => {
      const peer = await signedInUser(server);
      await addAttendee(server.ctx, cast.event.id, peer.user.id);
      return server.send('POST', '/api/meetings', cast.attendee.headers, {
        recipientId: peer.user.id,
        eventId: cast.event.id,
        proposedTime: '2030-05-01T10:00:00.000Z',
        durationMinutes: 30,
        meetingType: 'virtual',
        agenda: 'Say hello',
      });
    }],
    ['a session opened', async (cast) => {
      const session = await createSession(server.ctx, cast.event);
      return server.send('POST', `/api/sessions/${session.id}/views`, cast.attendee.headers);
    }],
    ['a feed post', (cast) => server.send('POST', `/api/events/${cast.event.id}/feed`, cast.attendee.headers, { content: 'Hello' })],
  ];

  it.each(cases)('a subscriber of the analytics topic hears of %s', async (_name, act) => {
    const cast = await eventWithCast(server, { registrationOpen: true, allowAttendeeNetworking: true });
    const other = await eventWithCast(server);
    const mine = listen(cast.event.id);
    const theirs = listen(other.event.id);
    try {
      const response = await act(cast);
      expect(response.status).toBeLessThan(300);
      await expect.poll(() => mine.heard.length, { timeout: 5000 }).toBe(1);
      expect(theirs.heard).toEqual([]);
    } finally {
      mine.stop();
      theirs.stop();
    }
  });

  it('announces a burst of page views a few times, not once per view, and always after the last one', async () => {
    const cast = await eventWithCast(server);
    const { heard, stop } = listen(cast.event.id);
    try {
      const started = Date.now();
      const responses = await Promise.all(Array.from({ length: 40 }, () => server.request(`/api/public/events/${cast.event.slug}`)));
      const lastRowAt = Date.now();
      expect(responses.every((response) => response.status === 200)).toBe(true);
      // The first view at once, the rest at the end of its one-second window (or of the next ones).
      await expect.poll(() => heard.at(-1) ?? 0, { timeout: 5000 }).toBeGreaterThanOrEqual(lastRowAt);
      // Not polling: no further announcement may come, so this waits past the one-second window that could bring one.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(heard.length).toBeGreaterThanOrEqual(2);
      expect(heard.length).toBeLessThanOrEqual(2 + Math.ceil((lastRowAt - started) / 1000));
      const [row] = await server.ctx.db.select({ total: count() }).from(eventAnalytics).where(eq(eventAnalytics.eventId, cast.event.id));
      expect(row!.total).toBe(40);
    } finally {
      stop();
    }
  });
});
