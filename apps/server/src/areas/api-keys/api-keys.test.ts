import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiKeyDto, CreatedApiKeyDto } from '@mingle/shared/api-keys/contract';
import { API_KEYS_MAX, API_KEYS_MAX_MESSAGE, API_KEY_NAME_REQUIRED_MESSAGE, API_KEY_EXPIRY_PAST_MESSAGE } from '@mingle/shared/api-keys/inputs';
import {
  API_KEY_ACCOUNT_MESSAGE,
  API_KEY_EXPIRED_MESSAGE,
  API_KEY_INVALID_MESSAGE,
  API_KEY_ONE_EVENT_MESSAGE,
  API_KEY_RATE_LIMIT,
  API_KEY_READ_ONLY_MESSAGE,
  API_KEY_REVOKED_MESSAGE,
  newApiKey,
} from '../../platform/auth/api-key.ts';
import { resolveCaller } from '../../platform/auth/session.ts';
import { apiKeys } from '../../platform/db/schema/api-keys.ts';
import { events } from '../../platform/db/schema/events.ts';
import { rateLimitFor } from '../../platform/http/rate-limit.ts';
import { createEvent, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';
import { loadEventRelation, loadEventWithRelation } from '../event-access/index.ts';

const server = useTestServer();

type Who = Awaited<ReturnType<typeof signedInUser>>;

const keyInput = (patch: Record<string, unknown> = {}) => ({ name: 'CRM sync', access: 'read-write', eventId: null, expiresAt: null, ...patch });

async function makeKey(who: Who, patch: Record<string, unknown> = {}): Promise<CreatedApiKeyDto> {
  const response = await server.send('POST', '/api/me/api-keys', who.headers, keyInput(patch));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CreatedApiKeyDto;
}

/** A request as a script makes it: no cookie, no Origin, the key in a header, a JSON body on a write. */
function withKey(key: string, method: string, path: string, body?: unknown, header: 'bearer' | 'x-api-key' = 'bearer') {
  const headers: Record<string, string> = header === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key };
  if (method !== 'GET' && method !== 'HEAD') body ??= {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  return server.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const keysOf = (userId: string) => server.ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(apiKeys.createdAt);
const listed = async (who: Who) => ((await (await server.send('GET', '/api/me/api-keys', who.headers)).json()) as { keys: ApiKeyDto[] }).keys;

describe('API keys: making, listing, revoking', () => {
  it('answers the key once, stores only its hash, and lists it with its start and scope', async () => {
    const cast = await eventWithCast(server);
    const created = await makeKey(cast.owner, { name: '  Badge printer ', access: 'read', eventId: cast.event.id });
    expect(created.key).toMatch(/^mgk_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toMatchObject({
      name: 'Badge printer',
      start: created.key.slice(0, 10),
      access: 'read',
      event: { id: cast.event.id, name: cast.event.name },
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
    });

    const [row] = await keysOf(cast.owner.user.id);
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('base64url'));
    expect(Object.values(row!).some((value) => typeof value === 'string' && value.includes(created.key))).toBe(false);

    const list = await listed(cast.owner);
    expect(list).toEqual([created.apiKey]);
    expect(JSON.stringify(list)).not.toContain(row!.keyHash);
    expect(JSON.stringify(list)).not.toContain(created.key);
    // Another person's list does not show it.
    expect(await listed(cast.attendee)).toEqual([]);
  });

  it('acts as its owner by Bearer or X-API-Key, and keeps the last use to the minute', async () => {
    const owner = await signedInUser(server);
    const { key, apiKey } = await makeKey(owner);
    for (const header of ['bearer', 'x-api-key'] as const) {
      const response = await withKey(key, 'GET', '/api/me', undefined, header);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ user: { id: owner.user.id } });
    }
    const [used] = await keysOf(owner.user.id);
    expect(used!.lastUsedAt).not.toBeNull();
    // Used again within the minute: the row is not written again.
    await withKey(key, 'GET', '/api/me');
    const [again] = await keysOf(owner.user.id);
    expect(again!.lastUsedAt).toEqual(used!.lastUsedAt);
    const [shown] = await listed(owner);
    expect(shown).toMatchObject({ id: apiKey.id, lastUsedAt: used!.lastUsedAt!.toISOString() });
  });

  it('revokes a key at once; another person revoking it gets a 404 and changes nothing', async () => {
    const [owner, other] = await Promise.all([signedInUser(server), signedInUser(server)]);
    const { key, apiKey } = await makeKey(owner);
    await expectNothingWritten(
      () => keysOf(owner.user.id),
      async () => {
        const response = await server.send('DELETE', `/api/me/api-keys/${apiKey.id}`, other.headers);
        expect(response.status).toBe(404);
        expect((await errorOf(response)).message).toBe('API key not found');
        expect((await server.send('DELETE', '/api/me/api-keys/not-a-uuid', owner.headers)).status).toBe(404);
      },
    );
    expect((await withKey(key, 'GET', '/api/me')).status).toBe(200);

    expect((await server.send('DELETE', `/api/me/api-keys/${apiKey.id}`, owner.headers)).status).toBe(204);
    const refused = await withKey(key, 'GET', '/api/me');
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toEqual({ code: 'unauthenticated', message: API_KEY_REVOKED_MESSAGE });
    const [shown] = await listed(owner);
    expect(shown!.revokedAt).not.toBeNull();
  });

  it('refuses a bad name or a past expiry, and a key for an event its owner takes no part in, writing nothing', async () => {
    const cast = await eventWithCast(server);
    await expectNothingWritten(
      () => keysOf(cast.stranger.user.id),
      async () => {
        const noName = await server.send('POST', '/api/me/api-keys', cast.stranger.headers, keyInput({ name: '   ' }));
        expect(noName.status).toBe(400);
        expect((await errorOf(noName)).message).toBe(API_KEY_NAME_REQUIRED_MESSAGE);
        const past = await server.send('POST', '/api/me/api-keys', cast.stranger.headers, keyInput({ expiresAt: new Date(Date.now() - 1000).toISOString() }));
        expect(past.status).toBe(400);
        expect((await errorOf(past)).message).toBe(API_KEY_EXPIRY_PAST_MESSAGE);
        const notTheirs = await server.send('POST', '/api/me/api-keys', cast.stranger.headers, keyInput({ eventId: cast.event.id }));
        expect(notTheirs.status).toBe(404);
        expect((await errorOf(notTheirs)).message).toBe('Event not found');
      },
    );
    // Anyone who takes part in the event may make one for it: its attendee too (their own rights there).
    expect((await makeKey(cast.attendee, { eventId: cast.event.id })).apiKey.event?.id).toBe(cast.event.id);
  });

  it('holds the cap of live keys against parallel creates; revoked and expired keys do not count', async () => {
    const owner = await signedInUser(server);
    const filler = (i: number, patch: Partial<typeof apiKeys.$inferInsert> = {}) => {
      const made = newApiKey();
      return { userId: owner.user.id, name: `Key ${i}`, start: made.start, keyHash: made.hash, access: 'read' as const, ...patch };
    };
    await server.ctx.db.insert(apiKeys).values([
      ...Array.from({ length: API_KEYS_MAX - 3 }, (_, i) => filler(i)),
      filler(100, { revokedAt: new Date() }),
      filler(101, { expiresAt: new Date(Date.now() - 1000) }),
    ]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => server.send('POST', '/api/me/api-keys', owner.headers, keyInput({ name: `Parallel ${i}` }))),
    );
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const refusal = answers.find((response) => response.status === 409)!;
    expect(await errorOf(refusal)).toEqual({ code: 'api_keys_limit', message: API_KEYS_MAX_MESSAGE });
    expect(await keysOf(owner.user.id)).toHaveLength(API_KEYS_MAX + 2);
  });
});

describe('API keys: who may use them, and where', () => {
  it('an unknown, expired or revoked key is a 401 that says why, even on a route open to visitors', async () => {
    const owner = await signedInUser(server);
    const { key, apiKey } = await makeKey(owner, { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await withKey(key, 'GET', '/api/options')).status).toBe(200);
    await server.ctx.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, apiKey.id));
    const expired = await withKey(key, 'GET', '/api/options');
    expect(expired.status).toBe(401);
    expect((await errorOf(expired)).message).toBe(API_KEY_EXPIRED_MESSAGE);

    for (const unknown of [`${key.slice(0, -1)}x`, 'mgk_', 'not-even-a-key']) {
      const response = await withKey(unknown, 'GET', '/api/options', undefined, 'x-api-key');
      expect(response.status).toBe(401);
      expect((await errorOf(response)).message).toBe(API_KEY_INVALID_MESSAGE);
    }
    const bearer = await withKey(`${key.slice(0, -1)}x`, 'GET', '/api/options');
    expect(bearer.status).toBe(401);
  });

  it('a read key reads and is refused every write, which changes nothing', async () => {
    const cast = await eventWithCast(server);
    const { key } = await makeKey(cast.owner, { access: 'read' });
    expect((await withKey(key, 'GET', `/api/events/${cast.event.id}`)).status).toBe(200);
    const read = () => server.ctx.db.select().from(events).where(eq(events.id, cast.event.id));
    await expectNothingWritten(read, async () => {
      for (const method of ['PATCH', 'PUT', 'POST', 'DELETE']) {
        const response = await withKey(key, method, `/api/events/${cast.event.id}`, { name: 'Renamed by a read key' });
        expect(response.status).toBe(403);
        expect(await errorOf(response)).toEqual({ code: 'forbidden', message: API_KEY_READ_ONLY_MESSAGE });
      }
    });
    // A read-write key of the same owner writes, even a body-less POST with no Origin (a script's, not a form's).
    const { key: writer } = await makeKey(cast.owner);
    expect((await withKey(writer, 'PATCH', `/api/events/${cast.event.id}`, { name: 'Renamed by a script' })).status).toBe(200);
    const bare = await server.request('/api/me/read-all-notifications', { method: 'POST', headers: { authorization: `Bearer ${writer}` } });
    expect(bare.status).toBe(200);
  });

  it('a key for one event works under that event only; elsewhere a 403, and event access sees no other event', async () => {
    const cast = await eventWithCast(server);
    const secondEvent = await createEvent(server.ctx, cast.owner.user.id, { name: 'Second conf' });
    const { key } = await makeKey(cast.owner, { eventId: cast.event.id });
    expect((await withKey(key, 'GET', `/api/events/${cast.event.id}`)).status).toBe(200);
    expect((await withKey(key, 'GET', `/api/events/${cast.event.id}/sessions`)).status).toBe(200);
    expect((await withKey(key, 'GET', `/api/events/${cast.event.id.toUpperCase()}`)).status).toBe(200);
    for (const path of [`/api/events/${secondEvent.id}`, `/api/events/${secondEvent.id}/sessions`, '/api/events', '/api/me', '/api/meetings']) {
      const response = await withKey(key, 'GET', path);
      expect(response.status, path).toBe(403);
      expect((await errorOf(response)).message).toBe(API_KEY_ONE_EVENT_MESSAGE);
    }
    await expectNothingWritten(
      () => server.ctx.db.select().from(events).where(eq(events.createdBy, cast.owner.user.id)).orderBy(events.id),
      async () => {
        expect((await withKey(key, 'PATCH', `/api/events/${secondEvent.id}`, { name: 'Not this one' })).status).toBe(403);
        expect((await withKey(key, 'POST', '/api/events', { name: 'New' })).status).toBe(403);
      },
    );
    // Defence in depth: event access itself treats any other event as missing for this caller.
    const caller = (await resolveCaller(server.ctx, new Headers({ authorization: `Bearer ${key}` })))!;
    expect(caller.apiKey).toMatchObject({ eventId: cast.event.id, access: 'read-write' });
    expect(caller.sessionId).toBeNull();
    expect(await loadEventRelation(server.ctx.db, caller, secondEvent.id)).toBeNull();
    expect(await loadEventWithRelation(server.ctx.db, caller, secondEvent.id)).toBeNull();
    expect(await loadEventRelation(server.ctx.db, caller, cast.event.id)).toMatchObject({ isOwner: true });
  });

  it('no key works on account routes: sign-in and sign-out, two-factor, sessions, keys, devices, terms', async () => {
    const owner = await signedInUser(server);
    const { key } = await makeKey(owner);
    const refusals: Array<[string, string, unknown?]> = [
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/auth/sign-out', {}],
      ['POST', '/api/auth/change-password', { currentPassword: 'x', newPassword: 'yyyyyyyyyy' }],
      ['POST', '/api/auth/two-factor/enable', { password: 'x' }],
      ['GET', '/api/me/sessions'],
      ['POST', '/api/me/sessions/sign-out-others'],
      ['DELETE', `/api/me/sessions/${owner.user.id}`],
      ['GET', '/api/me/api-keys'],
      ['POST', '/api/me/api-keys', keyInput()],
      ['POST', '/api/me/terms'],
      ['POST', '/api/me/qr-token'],
      ['PUT', '/api/me/push-subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'x', auth: 'x' } }],
      ['POST', '/api/signup/code', { fullName: 'Grace Hopper', email: 'grace@acme-test.com', password: 'longenough' }],
      ['PUT', `/api/admin/users/${owner.user.id}/roles`, { roles: [] }],
    ];
    // Used once first: its last use is then kept for the minute, and nothing else may change.
    expect((await withKey(key, 'GET', '/api/me')).status).toBe(200);
    await expectNothingWritten(
      () => keysOf(owner.user.id),
      async () => {
        for (const [method, path, body] of refusals) {
          for (const header of ['bearer', 'x-api-key'] as const) {
            const response = await withKey(key, method, path, body, header);
            expect(response.status, `${method} ${path}`).toBe(403);
            expect(await errorOf(response)).toEqual({ code: 'forbidden', message: API_KEY_ACCOUNT_MESSAGE });
          }
        }
      },
    );
    // The person's own session still manages their keys and sessions.
    expect((await server.send('GET', '/api/me/sessions', owner.headers)).status).toBe(200);
  });

  it('limits each key to its own rate, with the shared error shape', async () => {
    const owner = await signedInUser(server);
    const [busy, calm] = [await makeKey(owner), await makeKey(owner)];
    // The window's uses but one spent as by 599 requests, then the 600th passes and the 601st is refused.
    await rateLimitFor(server.ctx.db, API_KEY_RATE_LIMIT).consume(busy.apiKey.id, API_KEY_RATE_LIMIT.points - 1);
    expect((await withKey(busy.key, 'GET', '/api/me')).status).toBe(200);
    const refused = await withKey(busy.key, 'GET', '/api/me');
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toEqual({ code: 'rate_limited', message: API_KEY_RATE_LIMIT.message });
    // Another key of the same person, and the person's own session, are not held back.
    expect((await withKey(calm.key, 'GET', '/api/me')).status).toBe(200);
    expect((await server.send('GET', '/api/me', owner.headers)).status).toBe(200);
  });
});
