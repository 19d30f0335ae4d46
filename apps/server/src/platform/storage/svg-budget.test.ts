import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS } from '@mingle/shared/core/constants';
import { events } from '../db/schema/events.ts';
import { eventWithCast } from '../../test/event-factories.ts';
import { signedInUser, signIn } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { filterBombSvg } from './svg-bomb.ts';

/**
 * Issue 16: a small SVG with heavy filters cost 30 s of CPU in the server's thread pool, and four at once held every
 * password sign-in for two minutes. Now an SVG renders in a child process killed at LIMITS.svgRender.ms, one at a
 * time, with a short queue: the bombs are refused (4xx) within the budget and sign-ins stay answered meanwhile.
 */

describe('expensive SVG uploads', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(() => server?.close());

  it('refuses filter bombs within the budget while password sign-ins stay answered', async () => {
    const { event, owner } = await eventWithCast(server);
    const member = await signedInUser(server);
    const bomb = filterBombSvg();
    // The order in which answers arrive, not their times: the tests never assert a duration (bench/ measures them,
    // bench/svg-upload-signin.mjs), but the old code answered the sign-in only after the renders it queued behind.
    let answered = 0;
    const upload = async () => {
      const form = new FormData();
      form.append('logo', new Blob([bomb], { type: 'image/svg+xml' }), 'logo.svg');
      const response = await server.send('PUT', `/api/events/${event.id}/logo`, owner.headers, form);
      return { status: response.status, order: ++answered };
    };
    const uploads = Promise.all([upload(), upload(), upload(), upload()]);
    // Not polling (nothing outside shows a render under way): the uploads get time to reach the renderer first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await signIn(server, member.user);
    const signInOrder = ++answered;
    const results = await uploads;

    for (const result of results) expect([422, 503]).toContain(result.status);
    // Each render is killed at its deadline (422); the queue is short, so the rest are refused at once (503).
    expect(results.filter((result) => result.status === 422).length).toBeGreaterThanOrEqual(1);
    expect(results.filter((result) => result.status === 422).length).toBeLessThanOrEqual(LIMITS.svgRender.queue + 1);
    // The sign-in was answered while a bomb was still being drawn.
    const lastRender = Math.max(...results.filter((result) => result.status === 422).map((result) => result.order));
    expect(signInOrder).toBeLessThan(lastRender);
    const [row] = await server.ctx.db.select({ logoUrl: events.logoUrl }).from(events).where(eq(events.id, event.id));
    expect(row!.logoUrl).toBeNull();
  }, 240_000);

  it('still draws an ordinary SVG logo', async () => {
    const { event, owner } = await eventWithCast(server);
    const form = new FormData();
    form.append('logo', new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#5b3fd9"/></svg>'], { type: 'image/svg+xml' }), 'logo.svg');
    const response = await server.send('PUT', `/api/events/${event.id}/logo`, owner.headers, form);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { logoUrl: string }).logoUrl).toMatch(/\.png$/);
  }, 60_000);
});
