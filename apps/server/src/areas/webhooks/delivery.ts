import { setTimeout } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../../context.ts';
import { selectRows, type DbOrTx } from '../../platform/db/client.ts';
import { events } from '../../platform/db/schema/events.ts';
import { webhookDeliveries, webhookEndpoints } from '../../platform/db/schema/webhooks.ts';
import { checkOutboundUrl, OutboundRefused, postChecked } from '../../platform/http/outbound.ts';
import type { Job, RetryPolicy } from '../../platform/jobs/queue.ts';
import { notify } from '../notifications/index.ts';
import { webhookDisabledEmail } from './emails/webhook-disabled.tsx';
import { WEBHOOK_QUEUE } from './emit.ts';

// Sends an endpoint's deliveries, one at a time and in order (decision 0171). A drain job names an endpoint; it takes
// the endpoint's lease (one drain per endpoint at a time, whatever the number of processes), sends the pending
// deliveries by sequence, and stops at a failure: the failed head waits for its retry (a drain job queued for that
// time) and blocks the endpoint's later deliveries until it is delivered or fails for good.

/** One call: connection, request and the answer read, all within this. */
const CALL_TIMEOUT_MS = 10_000;
/** The most of an answer kept in the log. */
const KEPT_ANSWER_BYTES = 1024;
/** Deliveries failed for good in a row (no success between) that turn an endpoint off. */
export const DISABLE_AFTER_FAILURES = 5;
/** Deliveries read per query of a drain. */
const DRAIN_BATCH = 10;
/**
 * How long one drain may send before it hands over to a new drain job of its endpoint, queued behind the jobs waiting
 * meanwhile: a receiver that answers slowly with a long backlog must not keep a worker from every other endpoint.
 */
const DRAIN_SLICE_MS = 30_000;
/** How long a drain's lease lasts; renewed before each batch (a batch takes at most DRAIN_BATCH x the timeout). */
const LEASE_SECONDS = DRAIN_BATCH * (CALL_TIMEOUT_MS / 1000) + 60;

/**
 * The drain job's own retries: only for a drain that crashed or threw (the database away); a receiver's failure is
 * the delivery's retry, not the job's. A try may run as long as its lease.
 */
const DRAIN_JOB_RETRY: RetryPolicy = { limit: 10, delaySeconds: 10, expireSeconds: LEASE_SECONDS + 60 };

interface DrainEndpoint {
  id: string;
  url: string;
  secret: string;
}

interface PendingDelivery {
  id: string;
  webhookId: string;
  payload: unknown;
  attempts: number;
  due: boolean;
}

interface Outcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number | null;
}

/**
 * The wait before the second try, taken inside the drain: most failures are blips (a receiver's deploy, its proxy's
 * 502), and a delivery that waited in the queue for the full backoff would hold back its endpoint's later deliveries
 * all that time. Never longer than the configured base, so tests and the benchmark keep their short retries.
 */
export const quickRetrySeconds = (baseSeconds: number) => Math.min(1, baseSeconds);

/**
 * The delay before try `attempts + 1`, after `attempts` failed tries, for the tries that wait in the queue (the
 * third on): the base, then 4x longer each time. The second try is the quick one (quickRetrySeconds).
 */
export function retryDelaySeconds(baseSeconds: number, attempts: number): number {
  return baseSeconds * 4 ** Math.max(0, attempts - 2);
}

/** The Standard Webhooks headers of one try: the id, the try's time, and the signature over `id.timestamp.body`. */
export function signedHeaders(secret: string, webhookId: string, at: Date, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Mingle-Webhooks/1.0',
    'webhook-id': webhookId,
    'webhook-timestamp': Math.floor(at.getTime() / 1000).toString(),
    'webhook-signature': new Webhook(secret).sign(webhookId, at, body),
  };
}

/** One try of one delivery: checked (the guard runs again: DNS may have changed since the URL was saved), signed, sent. */
async function attempt(ctx: AppContext, endpoint: DrainEndpoint, delivery: PendingDelivery): Promise<Outcome> {
  const body = JSON.stringify(delivery.payload);
  try {
    const target = await checkOutboundUrl(endpoint.url, { allowPrivateNetworks: ctx.config.webhooks.allowPrivateNetworks, resolve: ctx.resolveHost });
    const answer = await postChecked(target, {
      body,
      headers: signedHeaders(endpoint.secret, delivery.webhookId, new Date(), body),
      timeoutMs: CALL_TIMEOUT_MS,
      keepBytes: KEPT_ANSWER_BYTES,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    return { ok, statusCode: answer.status, error: ok ? null : `HTTP ${answer.status}${answer.body ? `: ${answer.body}` : ''}`, durationMs: answer.durationMs };
  } catch (caught) {
    const message = caught instanceof OutboundRefused ? `Refused: ${caught.message}` : String((caught as Error).message ?? caught);
    return { ok: false, statusCode: null, error: message.slice(0, KEPT_ANSWER_BYTES), durationMs: null };
  }
}

/** Takes (or, holding it, renews) the endpoint's lease; answers the endpoint while it is enabled and the lease ours. */
async function lease(db: DbOrTx, endpointId: string, renew: boolean): Promise<DrainEndpoint | null> {
  const free = renew ? sql`true` : sql`(${webhookEndpoints.drainLeaseUntil} is null or ${webhookEndpoints.drainLeaseUntil} < now())`;
  const [row] = await selectRows<DrainEndpoint>(
    db,
    sql`update ${webhookEndpoints} set "drain_lease_until" = now() + make_interval(secs => ${LEASE_SECONDS})
        where "id" = ${endpointId}::uuid and "enabled" and ${free}
        returning "id", "url", "secret"`,
  );
  return row ?? null;
}

async function release(db: DbOrTx, endpointId: string): Promise<void> {
  await db.execute(sql`update ${webhookEndpoints} set "drain_lease_until" = null where "id" = ${endpointId}::uuid`);
}

async function pending(db: DbOrTx, endpointId: string, limit: number): Promise<PendingDelivery[]> {
  return selectRows<PendingDelivery>(
    db,
    sql`select "id", "webhook_id" as "webhookId", "payload", "attempts", "next_attempt_at" <= now() as "due"
        from ${webhookDeliveries} where "endpoint_id" = ${endpointId}::uuid and "status" = 'pending'
        order by "sequence" limit ${limit}`,
  );
}

/** Records a failed first try that the drain retries at once (quickRetrySeconds): it is in the log even if the process dies. */
async function recordQuickRetry(db: DbOrTx, delivery: PendingDelivery, outcome: Outcome): Promise<PendingDelivery> {
  await db.execute(sql`update ${webhookDeliveries} set "attempts" = "attempts" + 1, "last_status_code" = ${outcome.statusCode},
      "last_error" = ${outcome.error}, "last_duration_ms" = ${outcome.durationMs}
    where "id" = ${delivery.id}::uuid`);
  return { ...delivery, attempts: delivery.attempts + 1 };
}

/**
 * Records a delivered try; the endpoint's run of failures ends. One statement for both (a delivery to a healthy
 * endpoint costs one write).
 */
async function recordSuccess(db: DbOrTx, delivery: PendingDelivery, outcome: Outcome): Promise<void> {
  await db.execute(sql`with delivered as (
      update ${webhookDeliveries} set "status" = 'delivered', "attempts" = "attempts" + 1, "last_status_code" = ${outcome.statusCode},
        "last_error" = null, "last_duration_ms" = ${outcome.durationMs}, "delivered_at" = now()
      where "id" = ${delivery.id}::uuid returning "endpoint_id"
    )
    update ${webhookEndpoints} set "consecutive_failures" = 0
    where "id" = (select "endpoint_id" from delivered) and "consecutive_failures" <> 0`);
}

/**
 * Records a failed try. With tries left, the delivery waits for its retry and a drain job is queued for that time
 * (answers 'retry'). Without, it fails for good, the endpoint's run of failures grows, and at DISABLE_AFTER_FAILURES
 * the endpoint is turned off and its event's owner told, in the same transaction (answers 'disabled'; else 'failed').
 */
async function recordFailure(ctx: AppContext, endpointId: string, delivery: PendingDelivery, outcome: Outcome): Promise<'retry' | 'failed' | 'disabled'> {
  const { maxAttempts, retryBaseSeconds } = ctx.config.webhooks;
  const tries = delivery.attempts + 1;
  const last = { "last_status_code": outcome.statusCode, "last_error": outcome.error, "last_duration_ms": outcome.durationMs };
  return ctx.db.transaction(async (tx) => {
    if (tries < maxAttempts) {
      const delay = retryDelaySeconds(retryBaseSeconds, tries);
      const [row] = await selectRows<{ at: Date }>(
        tx,
        sql`update ${webhookDeliveries} set "attempts" = ${tries}, "last_status_code" = ${last.last_status_code}, "last_error" = ${last.last_error},
              "last_duration_ms" = ${last.last_duration_ms}, "next_attempt_at" = now() + make_interval(secs => ${delay})
            where "id" = ${delivery.id}::uuid returning "next_attempt_at" as "at"`,
      );
      await ctx.jobs.enqueue(tx, WEBHOOK_QUEUE, { endpointId }, { startAfter: new Date(row!.at) });
      return 'retry';
    }
    const [endpoint] = await selectRows<{ failures: number; enabled: boolean; url: string; eventId: string }>(
      tx,
      sql`with failed as (
            update ${webhookDeliveries} set "status" = 'failed', "attempts" = ${tries}, "last_status_code" = ${last.last_status_code},
              "last_error" = ${last.last_error}, "last_duration_ms" = ${last.last_duration_ms}
            where "id" = ${delivery.id}::uuid returning "endpoint_id"
          )
          update ${webhookEndpoints} e set "consecutive_failures" = e."consecutive_failures" + 1,
            "enabled" = e."enabled" and e."consecutive_failures" + 1 < ${DISABLE_AFTER_FAILURES},
            "disabled_reason" = case when e."enabled" and e."consecutive_failures" + 1 >= ${DISABLE_AFTER_FAILURES} then 'failing' else e."disabled_reason" end,
            "disabled_at" = case when e."enabled" and e."consecutive_failures" + 1 >= ${DISABLE_AFTER_FAILURES} then now() else e."disabled_at" end,
            "updated_at" = now()
          where e."id" = (select "endpoint_id" from failed)
          returning e."consecutive_failures" as "failures", e."enabled", e."url", e."event_id" as "eventId"`,
    );
    if (!endpoint || endpoint.enabled) return 'failed';
    if (endpoint.failures !== DISABLE_AFTER_FAILURES) return 'disabled';
    await tellOwner(ctx, tx, endpoint, outcome.error);
    return 'disabled';
  });
}

/** The event's owner hears that an endpoint was turned off: in the app, and by email when they keep it on. */
async function tellOwner(ctx: AppContext, tx: DbOrTx, endpoint: { failures: number; url: string; eventId: string }, lastError: string | null) {
  const [event] = await selectRows<{ ownerId: string | null; name: string; logoUrl: string | null }>(
    tx,
    sql`select "created_by" as "ownerId", "name", "logo_url" as "logoUrl" from ${events} where "id" = ${endpoint.eventId}::uuid`,
  );
  if (!event?.ownerId) return;
  await notify(ctx, tx, {
    userId: event.ownerId,
    actorId: null,
    eventId: endpoint.eventId,
    facts: { kind: 'webhook_disabled', eventId: endpoint.eventId, eventName: event.name, url: endpoint.url },
    email: (unsubscribeUrl) =>
      webhookDisabledEmail.with({
        publicUrl: ctx.config.publicUrl,
        unsubscribeUrl,
        event: { id: endpoint.eventId, name: event.name, logoUrl: event.logoUrl },
        url: endpoint.url,
        failures: endpoint.failures,
        lastError,
      }),
  });
}

/**
 * Sends the endpoint's due deliveries in order until none is left or the head must wait for its retry. Returns when
 * another drain holds the endpoint (it sends what this one would have), or the endpoint is off or gone.
 */
export async function drainEndpoint(ctx: AppContext, endpointId: string): Promise<void> {
  try {
    await drainLeased(ctx, endpointId);
  } catch (error) {
    // Let go at once, so that the job's retry finds the endpoint free rather than waiting out the lease.
    await release(ctx.db, endpointId).catch(() => undefined);
    throw error;
  }
}

async function drainLeased(ctx: AppContext, endpointId: string): Promise<void> {
  const began = Date.now();
  let endpoint = await lease(ctx.db, endpointId, false);
  while (endpoint) {
    const batch = await pending(ctx.db, endpointId, DRAIN_BATCH);
    let stop = false;
    for (let delivery of batch) {
      // The head is waiting for its retry: the drain job queued for that time carries on then.
      if (!delivery.due) {
        stop = true;
        break;
      }
      let outcome = await attempt(ctx, endpoint, delivery);
      if (!outcome.ok && delivery.attempts === 0 && ctx.config.webhooks.maxAttempts > 1) {
        delivery = await recordQuickRetry(ctx.db, delivery, outcome);
        await setTimeout(quickRetrySeconds(ctx.config.webhooks.retryBaseSeconds) * 1000);
        outcome = await attempt(ctx, endpoint, delivery);
      }
      if (outcome.ok) {
        await recordSuccess(ctx.db, delivery, outcome);
        continue;
      }
      const next = await recordFailure(ctx, endpointId, delivery, outcome);
      if (next !== 'failed') {
        stop = true;
        break;
      }
    }
    if (!stop && batch.length === DRAIN_BATCH) {
      if (Date.now() - began > DRAIN_SLICE_MS) {
        await ctx.db.transaction(async (tx) => {
          await release(tx, endpointId);
          await ctx.jobs.enqueue(tx, WEBHOOK_QUEUE, { endpointId });
        });
        return;
      }
      endpoint = await lease(ctx.db, endpointId, true);
      continue;
    }
    await release(ctx.db, endpointId);
    if (stop) return;
    // A delivery committed after the last read found the lease still taken, and its job gave way to this drain: look
    // once more after letting go, and carry on if one came.
    const [late] = await pending(ctx.db, endpointId, 1);
    endpoint = late?.due ? await lease(ctx.db, endpointId, false) : null;
  }
}

/** Works the drain jobs in this process: a fetch's jobs for one endpoint make one drain, endpoints drain side by side. */
export async function workWebhooks(ctx: AppContext): Promise<void> {
  await ctx.jobs.workBatch<{ endpointId: string }>(WEBHOOK_QUEUE, DRAIN_JOB_RETRY, async (batch: Array<Job<{ endpointId: string }>>) => {
    const failures = new Map<string, unknown>();
    const jobOf = new Map(batch.map((job) => [job.data.endpointId, job.id]));
    await Promise.all(
      [...jobOf].map(([endpointId, jobId]) =>
        drainEndpoint(ctx, endpointId).catch((error: unknown) => {
          ctx.log.error('webhooks: drain failed', { endpointId, error: String((error as Error).message ?? error) });
          // One retried job is enough to carry on where this drain stopped.
          failures.set(jobId, error);
        }),
      ),
    );
    return failures;
  });
}
