import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopics } from '@mingle/shared/live';
import type { LiveMessage } from '../../live/bus.ts';
import { eventAnalytics } from '../../db/schema/analytics.ts';
import { createSession, eventWithCast } from '../../test/event-factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});


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
    const kinds: string[] = [];
    const stop = server.ctx.live.onMessage((message: LiveMessage) => {
      if (message.topic === liveTopics.eventAnalytics(cast.event.id)) kinds.push(message.event.kind);
    });
    try {
      // Engagement: a post, a like, a question, an upvote; and a session opened.
      const post = (await (await server.send('POST', `/api/events/${cast.event.id}/feed`, cast.attendee.headers, { content: 'Hi all' })).json()) as { id: string };
      await server.send('PUT', `/api/feed/${post.id}/like`, cast.owner.headers);
      const question = (await (await server.send('POST', `/api/sessions/${session.id}/qa`, cast.attendee.headers, { question: 'A good question?' })).json()) as { id: string };
      await server.send('PUT', `/api/qa/${question.id}/upvote`, cast.owner.headers);
      expect((await server.send('POST', `/api/sessions/${session.id}/views`, cast.attendee.headers)).status).toBe(204);
      expect((await server.send('POST', `/api/sessions/${session.id}/views`, cast.stranger.headers)).status).toBe(404);
      await expect.poll(() => kinds.length, { timeout: 5000 }).toBe(5);
    } finally {
      stop();
    }
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
