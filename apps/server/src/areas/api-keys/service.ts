import { and, desc, eq, sql } from 'drizzle-orm';
import type { ApiKeyDto, CreatedApiKeyDto } from '@mingle/shared/api-keys/contract';
import {
  API_KEY_EVENT_NOT_FOUND_MESSAGE,
  API_KEY_NOT_FOUND_MESSAGE,
  API_KEYS_MAX,
  API_KEYS_MAX_MESSAGE,
  type createApiKeySchema,
} from '@mingle/shared/api-keys/inputs';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { newApiKey } from '../../platform/auth/api-key.ts';
import type { SessionCaller } from '../../platform/auth/caller.ts';
import { selectRows, type DbOrTx } from '../../platform/db/client.ts';
import { apiKeys } from '../../platform/db/schema/api-keys.ts';
import { authUsers } from '../../platform/db/schema/auth.ts';
import { events } from '../../platform/db/schema/events.ts';
import { isUuid } from '../../platform/db/sql.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { participatesIn } from '../event-access/index.ts';

// A person's API keys (issue 21, decision 0170): listed, made (the key answered once, only its hash kept) and
// revoked, always the caller's own. How a key is checked on a request is the platform's (platform/auth/api-key.ts).

/** A key neither revoked nor expired: what the cap counts. */
const live = sql`${apiKeys.revokedAt} is null and (${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`;

/** Keys the list shows: every live one (at most API_KEYS_MAX) and the newest revoked or expired ones. */
const LISTED = 100;

const listColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  start: apiKeys.start,
  access: apiKeys.access,
  eventId: events.id,
  eventName: events.name,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
};

/** The listed columns of keys, with the name of the event a key is limited to. */
const listed = (db: DbOrTx) => db.select(listColumns).from(apiKeys).leftJoin(events, eq(events.id, apiKeys.eventId));

function keyOf(row: Awaited<ReturnType<typeof listed>>[number]): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    start: row.start,
    access: row.access,
    event: row.eventId && row.eventName !== null ? { id: row.eventId, name: row.eventName } : null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The caller's keys: live ones first, then newest first; never their hashes. */
export async function listApiKeys(ctx: AppContext, caller: SessionCaller): Promise<{ keys: ApiKeyDto[] }> {
  const rows = await listed(ctx.db)
    .where(eq(apiKeys.userId, caller.userId))
    .orderBy(sql`(${live}) desc`, desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(LISTED);
  return { keys: rows.map(keyOf) };
}

/**
 * Makes a key for the caller and answers it this once. Under a lock on the caller's account row, so that parallel
 * creates count one after the other against the cap; a key for one event is made only when the caller takes part in
 * it (its owner, a co-owner, a volunteer, an attendee or a sponsor's representative), in the insert's own statement.
 */
export async function createApiKey(ctx: AppContext, caller: SessionCaller, input: z.output<typeof createApiKeySchema>): Promise<CreatedApiKeyDto> {
  const made = newApiKey();
  const id = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, caller.userId)).for('no key update');
    const [count] = await tx.select({ live: sql<number>`count(*)::int` }).from(apiKeys).where(and(eq(apiKeys.userId, caller.userId), live));
    if (count!.live >= API_KEYS_MAX) throw conflict(API_KEYS_MAX_MESSAGE, 'api_keys_limit');
    const [row] = await selectRows<{ id: string }>(
      tx,
      sql`insert into ${apiKeys} (user_id, name, start, key_hash, access, event_id, expires_at)
          select ${caller.userId}::uuid, ${input.name}, ${made.start}, ${made.hash}, ${input.access}, ${input.eventId}::uuid, ${input.expiresAt}::timestamptz
          where ${input.eventId}::uuid is null
             or exists (select 1 from ${events} where ${events.id} = ${input.eventId}::uuid and ${participatesIn(caller.userId, events.id)})
          returning id`,
    );
    if (!row) throw notFound(API_KEY_EVENT_NOT_FOUND_MESSAGE);
    return row.id;
  });
  const [row] = await listed(ctx.db).where(eq(apiKeys.id, id));
  return { key: made.key, apiKey: keyOf(row!) };
}

/** Revokes one of the caller's keys at once (again: nothing changes); another person's key is not found. */
export async function revokeApiKey(ctx: AppContext, caller: SessionCaller, keyId: string): Promise<void> {
  if (!isUuid(keyId)) throw notFound(API_KEY_NOT_FOUND_MESSAGE);
  const revoked = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, caller.userId)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw notFound(API_KEY_NOT_FOUND_MESSAGE);
}
