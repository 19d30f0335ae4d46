import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { WebhookDeliveryDto, WebhookEndpointDto } from '@mingle/shared/webhooks/contract';
import { WEBHOOK_PING_TYPE, type WebhookPayload } from '@mingle/shared/webhooks/events';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES, type webhookEndpointInputSchema, type webhookEndpointUpdateSchema } from '@mingle/shared/webhooks/inputs';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { selectRows, type DbOrTx } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/sql.ts';
import { webhookDeliveries, webhookEndpoints } from '../../platform/db/schema/webhooks.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { newestFirst, PAGE_SIZE } from '../../platform/http/keyset.ts';
import { checkOutboundUrl, OutboundRefused } from '../../platform/http/outbound.ts';
import { assertEventPermission, canManageEvent, loadEventRelation } from '../event-access/index.ts';
import { WEBHOOK_QUEUE } from './emit.ts';

// An event's webhook endpoints, for its organizers (owner, co-owners, super admins): set up, secret, log, resend, ping.

async function assertManages(ctx: AppContext, caller: Caller, eventId: string): Promise<void> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
}

/** A new signing secret as Standard Webhooks writes one: `whsec_` and 32 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The URL checked as a delivery will check it: a refusal is a clear 400, before anything is written. */
async function checkedUrl(ctx: AppContext, url: string): Promise<string> {
  try {
    await checkOutboundUrl(url, { allowPrivateNetworks: ctx.config.webhooks.allowPrivateNetworks, resolve: ctx.resolveHost });
    return url;
  } catch (caught) {
    if (!(caught instanceof OutboundRefused)) throw caught;
    const message = {
      url_invalid: WEBHOOK_MESSAGES.urlInvalid,
      url_https: WEBHOOK_MESSAGES.urlHttps,
      url_refused: WEBHOOK_MESSAGES.urlRefused,
      url_unresolved: WEBHOOK_MESSAGES.urlUnresolved,
    }[caught.code];
    throw badRequest(message, caught.code);
  }
}

type EndpointRow = {
  id: string;
  url: string;
  description: string;
  eventTypes: WebhookEndpointDto['eventTypes'];
  enabled: boolean;
  disabledReason: WebhookEndpointDto['disabledReason'];
  disabledAt: string | null;
  consecutiveFailures: number;
  createdAt: string;
  lastStatus: WebhookDeliveryDto['status'] | null;
  lastAt: string | null;
  lastCode: number | null;
};

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The event's endpoints (oldest first), each with its latest delivery's outcome (one index probe each). */
async function endpointsOf(db: DbOrTx, eventId: string, endpointId?: string): Promise<WebhookEndpointDto[]> {
  const rows = await selectRows<EndpointRow>(
    db,
    sql`select e."id", e."url", e."description", e."event_types" as "eventTypes", e."enabled", e."disabled_reason" as "disabledReason",
          ${iso('e."disabled_at"')} as "disabledAt", e."consecutive_failures" as "consecutiveFailures", ${iso('e."created_at"')} as "createdAt",
          l."status" as "lastStatus", ${iso('l."at"')} as "lastAt", l."code" as "lastCode"
        from ${webhookEndpoints} e
        left join lateral (
          select d."status", coalesce(d."delivered_at", d."created_at") as "at", d."last_status_code" as "code"
          from ${webhookDeliveries} d where d."endpoint_id" = e."id" order by d."created_at" desc, d."id" desc limit 1
        ) l on true
        where e."event_id" = ${eventId}::uuid ${endpointId ? sql`and e."id" = ${endpointId}::uuid` : sql``}
        order by e."created_at", e."id"`,
  );
  return rows.map(({ lastStatus, lastAt, lastCode, ...row }) => ({
    ...row,
    lastDelivery: lastStatus && lastAt ? { status: lastStatus, at: lastAt, statusCode: lastCode } : null,
  }));
}

async function endpointOf(db: DbOrTx, eventId: string, endpointId: string): Promise<WebhookEndpointDto> {
  if (!isUuid(endpointId)) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
  const [endpoint] = await endpointsOf(db, eventId, endpointId);
  if (!endpoint) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
  return endpoint;
}

export async function listEndpoints(ctx: AppContext, caller: Caller, eventId: string) {
  await assertManages(ctx, caller, eventId);
  return { items: await endpointsOf(ctx.db, eventId), max: WEBHOOK_ENDPOINTS_MAX };
}

/**
 * Adds an endpoint, with a new secret. The cap is counted under the event row's lock, so two organizers adding the
 * tenth endpoint at once get one endpoint and one 409.
 */
export async function createEndpoint(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  input: z.output<typeof webhookEndpointInputSchema>,
): Promise<WebhookEndpointDto> {
  await assertManages(ctx, caller, eventId);
  const url = await checkedUrl(ctx, input.url);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from events where id = ${eventId}::uuid for update`);
    const [{ count } = { count: 0 }] = await selectRows<{ count: number }>(
      tx,
      sql`select count(*)::int as "count" from ${webhookEndpoints} where "event_id" = ${eventId}::uuid`,
    );
    if (count >= WEBHOOK_ENDPOINTS_MAX) throw conflict(WEBHOOK_MESSAGES.tooMany, 'too_many_endpoints');
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ eventId, url, description: input.description, eventTypes: input.eventTypes, secret: newSecret(), createdBy: caller.userId })
      .returning({ id: webhookEndpoints.id });
    return endpointOf(tx, eventId, row!.id);
  });
}

/**
 * Changes an endpoint. Enabling it again (after the server turned it off, or an organizer did) starts its run of
 * failures afresh and sends what waited, in order; disabling keeps what waits for later.
 */
export async function updateEndpoint(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  endpointId: string,
  input: z.output<typeof webhookEndpointUpdateSchema>,
): Promise<WebhookEndpointDto> {
  await assertManages(ctx, caller, eventId);
  const before = await endpointOf(ctx.db, eventId, endpointId);
  const url = input.url === undefined || input.url === before.url ? undefined : await checkedUrl(ctx, input.url);
  return ctx.db.transaction(async (tx) => {
    const enabling = input.enabled === true && !before.enabled;
    const disabling = input.enabled === false && before.enabled;
    await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.eventTypes !== undefined ? { eventTypes: input.eventTypes } : {}),
        ...(enabling ? { enabled: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0 } : {}),
        ...(disabling ? { enabled: false, disabledReason: 'manual', disabledAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.eventId, eventId)));
    if (enabling) await ctx.jobs.enqueue(tx, WEBHOOK_QUEUE, { endpointId });
    return endpointOf(tx, eventId, endpointId);
  });
}

export async function deleteEndpoint(ctx: AppContext, caller: Caller, eventId: string, endpointId: string): Promise<void> {
  await assertManages(ctx, caller, eventId);
  if (!isUuid(endpointId)) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
  const removed = await ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.eventId, eventId)))
    .returning({ id: webhookEndpoints.id });
  if (removed.length === 0) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
}

export async function revealSecret(ctx: AppContext, caller: Caller, eventId: string, endpointId: string): Promise<{ secret: string }> {
  await assertManages(ctx, caller, eventId);
  if (!isUuid(endpointId)) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
  const [row] = await ctx.db
    .select({ secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.eventId, eventId)));
  if (!row) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
  return row;
}

/** A new secret at once: every try from now on is signed with it (a receiver swaps its copy when it rotates). */
export async function rotateSecret(ctx: AppContext, caller: Caller, eventId: string, endpointId: string): Promise<{ secret: string }> {
  await assertManages(ctx, caller, eventId);
  if (!isUuid(endpointId)) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({ secret: newSecret(), updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.eventId, eventId)))
    .returning({ secret: webhookEndpoints.secret });
  if (!row) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
  return row;
}

const deliveryColumns = sql`d."id", d."webhook_id" as "webhookId", d."type", d."status", d."attempts", d."last_status_code" as "lastStatusCode",
  d."last_error" as "lastError", d."last_duration_ms" as "lastDurationMs",
  case when d."status" = 'pending' then ${iso('d."next_attempt_at"')} end as "nextAttemptAt",
  ${iso('d."delivered_at"')} as "deliveredAt", ${iso('d."created_at"')} as "createdAt", d."payload"`;

/** An endpoint's deliveries, newest first, a page at a time. */
export async function listDeliveries(ctx: AppContext, caller: Caller, eventId: string, endpointId: string, cursor: string | undefined) {
  await assertManages(ctx, caller, eventId);
  await endpointOf(ctx.db, eventId, endpointId);
  const page = newestFirst(sql`d."created_at"`, sql`d."id"`, cursor);
  const rows = await selectRows<WebhookDeliveryDto & { key: string }>(
    ctx.db,
    sql`select ${deliveryColumns}, ${page.key} as "key" from ${webhookDeliveries} d
        where d."endpoint_id" = ${endpointId}::uuid ${page.where ? sql`and ${page.where}` : sql``}
        order by ${sql.join(page.orderBy, sql`, `)} limit ${PAGE_SIZE + 1}`,
  );
  return page.page(rows, PAGE_SIZE);
}

/** Queues one more delivery to an enabled endpoint, after those waiting, and its drain job; answers it as the log shows it. */
async function queueOne(ctx: AppContext, eventId: string, endpointId: string, values: SqlValues): Promise<WebhookDeliveryDto> {
  return ctx.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ enabled: webhookEndpoints.enabled })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.eventId, eventId)));
    if (!endpoint) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
    if (!endpoint.enabled) throw conflict(WEBHOOK_MESSAGES.disabled, 'endpoint_disabled');
    const [row] = await selectRows<WebhookDeliveryDto>(
      tx,
      sql`with d as (
            insert into ${webhookDeliveries} ("webhook_id", "endpoint_id", "type", "payload")
            values (coalesce(${values.webhookId}::uuid, gen_random_uuid()), ${endpointId}::uuid, ${values.type}, ${JSON.stringify(values.payload)}::jsonb)
            returning *
          )
          select ${deliveryColumns} from d`,
    );
    await ctx.jobs.enqueue(tx, WEBHOOK_QUEUE, { endpointId });
    return row!;
  });
}

interface SqlValues {
  webhookId: string | null;
  type: string;
  payload: unknown;
}

/** Sends a delivery again: a new try with the same `webhook-id` and body, after what waits, logged as its own row. */
export async function resendDelivery(ctx: AppContext, caller: Caller, eventId: string, endpointId: string, deliveryId: string): Promise<WebhookDeliveryDto> {
  await assertManages(ctx, caller, eventId);
  if (!isUuid(endpointId) || !isUuid(deliveryId)) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  const [original] = await ctx.db
    .select({ webhookId: webhookDeliveries.webhookId, type: webhookDeliveries.type, payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookEndpoints.eventId, eventId)));
  if (!original) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  return queueOne(ctx, eventId, endpointId, original);
}

/** The test ping: a `ping` to this endpoint alone, signed and logged like any delivery. */
export async function sendPing(ctx: AppContext, caller: Caller, eventId: string, endpointId: string): Promise<WebhookDeliveryDto> {
  await assertManages(ctx, caller, eventId);
  if (!isUuid(endpointId)) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
  const payload: WebhookPayload<typeof WEBHOOK_PING_TYPE> = {
    type: WEBHOOK_PING_TYPE,
    timestamp: new Date().toISOString(),
    data: { eventId, endpointId, message: 'A test ping from Mingle: this endpoint receives signed webhooks.' },
  };
  return queueOne(ctx, eventId, endpointId, { webhookId: null, type: WEBHOOK_PING_TYPE, payload });
}
