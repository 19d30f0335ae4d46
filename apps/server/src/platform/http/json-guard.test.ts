import { beforeAll, describe, expect, it } from 'vitest';
import { eventWithCast } from '../../test/event-factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';

describe('the JSON guard in front of every API route', () => {
  const server = useTestServer();
  let cast: Awaited<ReturnType<typeof eventWithCast>>;

  beforeAll(async () => {
    cast = await eventWithCast(server);
  });

  const feedPosts = async () => {
    const page = await server.send('GET', `/api/events/${cast.event.id}/feed`, cast.attendee.headers);
    return ((await page.json()) as { posts: unknown[] }).posts.length;
  };

  it('refuses text with a NUL character anywhere in a JSON body, and saves nothing', async () => {
    for (const body of [{ content: 'hello\u0000world' }, { content: 'fine', extra: ['\u0000'] }, { 'key\u0000': 'x', content: 'fine' }]) {
      const response = await server.send('POST', `/api/events/${cast.event.id}/feed`, cast.attendee.headers, body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toEqual({ code: 'validation_failed', message: 'Text cannot contain null characters' });
    }
    expect(await feedPosts()).toBe(0);
  });

  it('refuses %00 in a URL', async () => {
    const response = await server.send('GET', '/api/public/events/demo%00summit', undefined);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe('Text cannot contain null characters');
  });

  it('refuses a NUL in the text of a post with media (multipart)', async () => {
    const form = new FormData();
    form.set('content', 'look\u0000');
    const response = await server.send('POST', `/api/events/${cast.event.id}/feed/media`, cast.attendee.headers, form);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe('Text cannot contain null characters');
  });

  it('refuses deeply nested JSON with a 400 (not a stack overflow), and saves nothing', async () => {
    for (const depth of [33, 1_000, 100_000]) {
      const body = `{"content":"deep","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const response = await server.request(`/api/events/${cast.event.id}/feed`, {
        method: 'POST',
        headers: { ...server.browserHeaders(cast.attendee.headers), 'content-type': 'application/json' },
        body,
      });
      expect(response.status, `depth ${depth}`).toBe(400);
      expect(await errorOf(response)).toEqual({ code: 'validation_failed', message: 'The request is nested too deeply' });
    }
    expect(await feedPosts()).toBe(0);
  });

  it('refuses a JSON body over 1 MB with 413 before parsing it', async () => {
    const response = await server.send('POST', `/api/events/${cast.event.id}/feed`, cast.attendee.headers, { content: 'x'.repeat(1_100_000) });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe('payload_too_large');
  });

  it('lets ordinary text through', async () => {
    const response = await server.send('POST', `/api/events/${cast.event.id}/feed`, cast.attendee.headers, { content: 'Backslash-u: \\u0000 is just text' });
    expect(response.status).toBe(201);
    expect(await feedPosts()).toBe(1);
  });
});
