import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { createEvent } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';

// /metrics (decision 0175): who may read it, what it shows, and that a path's ids never become label values.

const TOKEN = 'metrics-token-0123456789-0123456789';

const server = useTestServer();

/** The same app and metrics under another configuration (production, a token): no second database needed. */
function appWith(config: Partial<Config>) {
  const app = createApp({ ...server.ctx, config: { ...server.ctx.config, ...config } });
  return (headers: Record<string, string> = {}) => app.request(`${server.config.publicUrl}/metrics`, { headers });
}

/** The request histogram's label sets, as the exposition lists them. */
async function requestLabelSets(): Promise<string[]> {
  const text = await (await server.request('/metrics')).text();
  return [...text.matchAll(/^http_request_duration_seconds_count(\{[^}]*\})/gm)].map((match) => match[1]!);
}

describe('who may read /metrics', () => {
  it('is off (404) in production without a token', async () => {
    const response = await appWith({ isProduction: true, env: 'production', host: '0.0.0.0', metricsToken: undefined })();
    expect(response.status).toBe(404);
  });

  it('is off on a development server that others can reach, without a token', async () => {
    expect((await appWith({ host: '0.0.0.0', metricsToken: undefined })()).status).toBe(404);
  });

  it('with a token, answers 401 without it or with a wrong one and 200 with it', async () => {
    const scrape = appWith({ isProduction: true, env: 'production', host: '0.0.0.0', metricsToken: TOKEN });
    const missing = await scrape();
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await scrape({ authorization: `Bearer ${TOKEN.slice(0, -1)}` })).status).toBe(401);
    expect((await scrape({ authorization: TOKEN })).status).toBe(401);
    const right = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toContain('text/plain');
  });

  it('is open on a loopback development or test server without a token', async () => {
    expect((await server.request('/metrics')).status).toBe(200);
  });
});

describe('what /metrics shows', () => {
  it('request durations by route pattern, live connections, the job queue and the process', async () => {
    const { user, headers } = await signedInUser(server);
    const event = await createEvent(server.ctx, user.id);
    expect((await server.request(`/api/events/${event.id}`, { headers })).status).toBe(200);
    server.ctx.metrics.countLiveConnections(() => 7);
    const text = await (await server.request('/metrics')).text();
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/events\/:eventId",status_class="2xx"\} \d+$/m);
    expect(text).not.toContain(event.id);
    expect(text).toMatch(/^mingle_live_connections 7$/m);
    for (const gauge of ['mingle_jobs_waiting', 'mingle_jobs_active', 'mingle_jobs_failed_last_day', 'mingle_jobs_dead_lettered']) {
      expect(text).toMatch(new RegExp(`^${gauge} \\d+$`, 'm'));
    }
    expect(text).toMatch(/^mingle_jobs_health_up 1$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // The pool's use on PostgreSQL; PGlite has no pool.
    if (process.env.TEST_DATABASE_URL) expect(text).toMatch(/^mingle_db_pool_connections \d+$/m);
    else expect(text).not.toContain('mingle_db_pool_connections');
  });

  it('adds one label set for 1,000 requests to as many event ids, and none per path for unmatched ones', async () => {
    const before = await requestLabelSets();
    for (let batch = 0; batch < 20; batch += 1) {
      await Promise.all(Array.from({ length: 50 }, () => server.request(`/api/events/${randomUUID()}`)));
    }
    const afterEvents = await requestLabelSets();
    const added = afterEvents.filter((labels) => !before.includes(labels));
    expect(added.length).toBeLessThanOrEqual(1);
    expect(afterEvents.filter((labels) => labels.includes('route="/api/events/:eventId"') && labels.includes('status_class="4xx"'))).toHaveLength(1);

    const unmatched = [`/api/no-such-${randomUUID()}`, `/no-such-page-${randomUUID()}`];
    for (const path of unmatched) expect((await server.request(path)).status).toBe(404);
    const afterUnmatched = await requestLabelSets();
    expect(afterUnmatched.filter((labels) => !afterEvents.includes(labels)).length).toBeLessThanOrEqual(2);
    for (const labels of afterUnmatched) expect(labels).not.toMatch(/no-such|[0-9a-f]{8}-[0-9a-f]{4}/);
  });
});
