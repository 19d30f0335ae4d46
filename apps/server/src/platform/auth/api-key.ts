import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../../context.ts';
import { preparedQuery } from '../db/prepared.ts';
import { apiKeys } from '../db/schema/api-keys.ts';
import { authUsers } from '../db/schema/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { errorBody, forbidden, unauthenticated } from '../http/errors.ts';
import { rateLimitFor } from '../http/rate-limit.ts';
import { rolesColumn, type ApiKeyScope, type Caller } from './caller.ts';
import { msg } from '@mingle/shared/core/messages';

// API keys (issue 21, decision 0170), made the way Better Auth's api-key plugin makes them (that plugin cannot be
// installed beside our better-auth): a random key with a prefix, only its SHA-256 kept, its first characters kept
// for display. A request with a key acts as the key's owner, narrowed by the key's scope.

/** Every key begins with it: a key is told from a session token at a glance, and secret scanners can find it. */
export const API_KEY_PREFIX = 'mgk_';
/** The characters of a key kept for display (`mgk_Ab12Cd`): enough to tell keys apart, far too few to guess the rest. */
const START_LENGTH = 10;

export const API_KEY_INVALID_MESSAGE = msg('This API key is not valid. Check that you copied the whole key.');
export const API_KEY_REVOKED_MESSAGE = msg('This API key has been revoked.');
export const API_KEY_EXPIRED_MESSAGE = msg('This API key has expired.');
export const API_KEY_ACCOUNT_MESSAGE =
  msg('API keys cannot be used for account settings (sign-in, password, two-factor, sessions, API keys, calendar feeds, devices, terms). Sign in to do this.');
export const API_KEY_READ_ONLY_MESSAGE = msg('This API key is read-only: it can only make GET requests.');
export const API_KEY_ONE_EVENT_MESSAGE = msg('This API key is limited to one event: it can only call /api/events/{its event id} and the routes under it.');

/** Requests one key may make per minute, across every server process (the counters live in the database). */
export const API_KEY_RATE_LIMIT = {
  prefix: 'api-key',
  points: 600,
  windowSeconds: 60,
  message: msg('This API key has made too many requests (at most 600 a minute). Wait a moment and try again.'),
};

/** A new key: the key itself (shown once), its first characters, and the hash that is all the database keeps. */
export function newApiKey(): { key: string; start: string; hash: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, start: key.slice(0, START_LENGTH), hash: hashApiKey(key) };
}

/** A key's SHA-256 (base64url, as Better Auth's plugin stores it): the key has 256 random bits, so no salt or KDF. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * The API key a request carries: an `X-API-Key` header, or an `Authorization: Bearer` whose value has the key
 * prefix (any other bearer value is a session token); null when it carries none.
 */
export function apiKeyOf(headers: Headers): string | null {
  const header = headers.get('x-api-key');
  if (header !== null) return header.trim();
  const bearer = /^bearer\s+(mgk_\S*)\s*$/i.exec(headers.get('authorization') ?? '');
  return bearer ? bearer[1]! : null;
}

/** The key with its owner and their roles by the key's hash, in one indexed statement, whatever its state. */
const apiKeyCallerQuery = preparedQuery('mingle_api_key_caller', (db) =>
  db
    .select({
      keyId: apiKeys.id,
      access: apiKeys.access,
      eventId: apiKeys.eventId,
      revoked: sql<boolean>`${apiKeys.revokedAt} is not null`,
      expired: sql<boolean>`coalesce(${apiKeys.expiresAt} <= now(), false)`,
      // Last use is kept to the minute: a key busy with hundreds of requests a minute writes its row once.
      stale: sql<boolean>`coalesce(${apiKeys.lastUsedAt} < now() - interval '1 minute', true)`,
      userId: authUsers.id,
      email: authUsers.email,
      name: authUsers.name,
      roles: rolesColumn(authUsers.id),
    })
    .from(apiKeys)
    .innerJoin(authUsers, eq(authUsers.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, sql.placeholder('hash'))),
);

/**
 * The caller of a request made with an API key: its owner, with the key's scope. An unknown, revoked or expired key
 * is a 401 that says which (never a visitor's request: a script with a bad key must learn it at once), and a key past
 * its rate limit a 429.
 */
export async function apiKeyCaller(ctx: AppContext, key: string): Promise<Caller> {
  const [row] = key.startsWith(API_KEY_PREFIX) ? await apiKeyCallerQuery(ctx.db).execute({ hash: hashApiKey(key) }) : [];
  if (!row) throw unauthenticated(API_KEY_INVALID_MESSAGE);
  if (row.revoked) throw unauthenticated(API_KEY_REVOKED_MESSAGE);
  if (row.expired) throw unauthenticated(API_KEY_EXPIRED_MESSAGE);
  await rateLimitFor(ctx.db, API_KEY_RATE_LIMIT).consume(row.keyId);
  if (row.stale) {
    // The condition again in SQL: of several processes that saw it stale at once, the first write wins the minute.
    await ctx.db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.id, row.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
  }
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    roles: row.roles,
    sessionId: null,
    apiKey: { id: row.keyId, access: row.access, eventId: row.eventId },
  };
}

/**
 * The account routes no key may call, whatever its scope: signing in and up, password, two-factor and sign-out
 * (Better Auth, which app.ts guards before it with `refuseApiKeys`), sessions, the keys themselves, push devices,
 * the terms a person accepts and their consents, their personal QR code, their calendar feeds' secret addresses, their data export and account deletion, platform roles, and the live socket (the hub refuses it).
 * A leaked key must not let its holder take the account over or make itself harder to revoke. Decision 0170.
 */
const ACCOUNT_PATHS: readonly RegExp[] = [
  /^\/api\/auth(?:\/|$)/i,
  /^\/api\/signup(?:\/|$)/i,
  /^\/api\/me\/sessions(?:\/|$)/i,
  /^\/api\/me\/api-keys(?:\/|$)/i,
  // A calendar feed's address is a credential of its own: a key must not mint one that outlives the key.
  /^\/api\/me\/calendar-feeds(?:\/|$)/i,
  // A leaked key must not carry away the person's whole archive, nor erase them.
  /^\/api\/me\/data-export(?:\/|$)/i,
  /^\/api\/me\/account-deletion(?:\/|$)/i,
  /^\/api\/me\/push-subscriptions(?:\/|$)/i,
  /^\/api\/me\/terms(?:\/|$)/i,
  // Consent is the person's own word: a script must not give or withdraw it for them (decision 0191).
  /^\/api\/me\/consents(?:\/|$)/i,
  /^\/api\/me\/qr-token(?:\/|$)/i,
  /^\/api\/admin\/users\/[^/]+\/roles(?:\/|$)/i,
  /^\/api\/live(?:\/|$)/i,
];

/** `/api/events/:eventId` and everything under it. */
const EVENT_PATH = /^\/api\/events\/([^/]+)(?:\/|$)/;

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Why a key's scope refuses a request (the message of its 403), or null when the scope allows it. */
export function scopeRefusal(key: ApiKeyScope, method: string, path: string): string | null {
  if (ACCOUNT_PATHS.some((pattern) => pattern.test(path))) return API_KEY_ACCOUNT_MESSAGE;
  if (key.access === 'read' && !READ_METHODS.has(method)) return API_KEY_READ_ONLY_MESSAGE;
  if (key.eventId !== null && EVENT_PATH.exec(path)?.[1]?.toLowerCase() !== key.eventId) return API_KEY_ONE_EVENT_MESSAGE;
  return null;
}

/**
 * Narrows a key's request to its scope, right after the session middleware put the caller on it; within the scope
 * the owner's rights apply as the routes check them. Event access also treats another event as not found for a key
 * limited to one (areas/event-access/relation.ts), in case a route outside the event's paths reads an event.
 */
export function apiKeyScope() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.get('caller')?.apiKey;
    const refusal = key ? scopeRefusal(key, c.req.method, c.req.path) : null;
    if (refusal) throw forbidden(refusal);
    await next();
  });
}

/** Refuses a request that carries an API key, before a handler that would not read it (Better Auth's). */
export function refuseApiKeys() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (apiKeyOf(c.req.raw.headers) !== null) return c.json(errorBody('forbidden', API_KEY_ACCOUNT_MESSAGE), 403);
    await next();
  });
}
