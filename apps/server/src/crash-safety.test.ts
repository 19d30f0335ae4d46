import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ownPostgresDatabase } from './test/own-database.ts';
import { startServerProcess, type ServerProcess } from './test/spawn-server.ts';

/**
 * Crash safety: the server is killed with SIGKILL in the middle of a stream of writes, then started again on the
 * same data. It must start, every write it acknowledged must be there as sent, and no write may be half done: a
 * connection and the 10 points it awards are one transaction, so the points always equal 10 per connection made.
 * Runs on the embedded database (its data directory) and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */

const DEMO_PASSWORD = 'mingle-demo';
const AUTH_SECRET = 'crash-safety-secret-0123456789abcdef0123456789';
const WRITERS = 4;

interface Target {
  name: string;
  env: () => Promise<Record<string, string>>;
}

// Each API pass covers its own database: the embedded one without TEST_DATABASE_URL, PostgreSQL with it.
const target: Target = process.env.TEST_DATABASE_URL
  ? { name: 'PostgreSQL', env: async () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mingle-crash-')), DATABASE_URL: await freshDatabase() }) }
  : { name: 'PGlite data directory', env: async () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mingle-crash-')) }) };

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** A database of its own: the demo data is seeded only into an empty one. */
async function freshDatabase(): Promise<string> {
  const database = await ownPostgresDatabase(process.env.TEST_DATABASE_URL!, 'mingle_crash', { migrate: false });
  cleanups.push(database.drop);
  return database.url;
}

/** A port nothing listens on now: each start gets its own, so a killed server's port is never reused at once. */
function freePort(): Promise<string> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(String(port)));
    });
  });
}

async function start(env: Record<string, string>, port: string): Promise<ServerProcess> {
  const server = await startServerProcess({ ...env, AUTH_SECRET, PORT: port, PUBLIC_URL: `http://localhost:${port}`, SIGN_IN_RATE_LIMIT: '100' });
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
  });
  return server;
}

/** A signed-in client of one server: JSON in, JSON out, the session cookie carried along. */
async function signIn(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  return async <T>(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const answer = await fetch(`${url}/api${pathname}`, {
      method,
      headers: { cookie, origin: url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json().catch(() => null)) as T };
  };
}

type Client = Awaited<ReturnType<typeof signIn>>;

async function allFeedPosts(client: Client, eventId: string) {
  const posts = new Map<string, string>();
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : '?limit=100';
    const page = await client<{ posts: Array<{ id: string; content: string }>; nextCursor: string | null }>('GET', `/events/${eventId}/feed${query}`);
    expect(page.status).toBe(200);
    for (const post of page.body.posts) posts.set(post.id, post.content);
    cursor = page.body.nextCursor;
  } while (cursor);
  return posts;
}

describe(`crash safety on ${target.name}`, () => {
  it('keeps every acknowledged write and no half-written one after SIGKILL', { timeout: 240_000 }, async () => {
    const env = await target.env();
    const first = await start(env, await freePort());
    const attendee = await signIn(first.url, 'attendee@example.com');

    const event = await attendee<{ id: string }>('GET', '/public/events/demo-summit');
    expect(event.status).toBe(200);
    const eventId = event.body.id;
    const before = await attendee<{ profile: { points: number } }>('GET', '/me');
    const people = await attendee<{ attendees: Array<{ id: string; connected: boolean }> }>('GET', '/attendees?limit=50');
    const strangers = people.body.attendees.filter((person) => !person.connected).map((person) => person.id);
    expect(strangers.length).toBeGreaterThan(10);

    // The stream: writers post to the feed and connect with people, each write recorded once acknowledged.
    const acknowledgedPosts = new Map<string, string>();
    const attemptedConnections: string[] = [];
    let sequence = 0;
    let crashed = false;
    const writer = async (index: number) => {
      while (!crashed) {
        const n = sequence++;
        try {
          if (index === 0 && strangers.length > 0) {
            const userId = strangers.shift()!;
            attemptedConnections.push(userId);
            await attendee('POST', '/connections', { userId });
          } else {
            const content = `crash-safety post ${n} ${'·'.repeat(1 + (n % 40))}`;
            const created = await attendee<{ id: string }>('POST', `/events/${eventId}/feed`, { content });
            if (created.status === 201) acknowledgedPosts.set(created.body.id, content);
          }
        } catch {
          return; // the connection dropped: the server is gone
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
    // Not polling: nothing is asserted here; the writers run a while so that the kill lands among writes in flight.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    first.child.kill('SIGKILL');
    crashed = true;
    await Promise.all(writers);
    await new Promise<void>((resolve) => (first.child.exitCode !== null || first.child.signalCode !== null ? resolve() : first.child.once('exit', () => resolve())));
    expect(acknowledgedPosts.size).toBeGreaterThan(5);

    const second = await start(env, await freePort());
    const again = await signIn(second.url, 'attendee@example.com');
    const posts = await allFeedPosts(again, eventId);
    for (const [id, content] of acknowledgedPosts) expect(posts.get(id)).toBe(content);
    for (const content of posts.values()) if (content.startsWith('crash-safety')) expect(content).toMatch(/^crash-safety post \d+ ·+$/);

    const after = await again<{ profile: { points: number } }>('GET', '/me');
    const connectedNow = await Promise.all(
      attemptedConnections.map(async (userId) => (await again<{ connected: boolean }>('GET', `/connect/${userId}`)).body.connected),
    );
    const made = connectedNow.filter(Boolean).length;
    expect(after.body.profile.points - before.body.profile.points).toBe(10 * made);
  });
});
