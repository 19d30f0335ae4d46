import { sql } from 'drizzle-orm';
import type { WebhookData, WebhookEventType, WebhookPayload } from '@mingle/shared/webhooks/events';
import type { AppContext } from '../../context.ts';
import { selectRows, type DbOrTx } from '../../platform/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../platform/db/schema/webhooks.ts';

/** The queue of drain jobs: one job asks for one endpoint's pending deliveries to be sent (delivery.ts). */
export const WEBHOOK_QUEUE = 'webhooks';

export interface WebhookEmission<T extends WebhookEventType> {
  eventId: string;
  type: T;
  data: WebhookData[T];
}

/**
 * Queues `type` for every enabled endpoint of the event subscribed to it, in `tx`, the causing write's transaction:
 * one INSERT ... SELECT writes a delivery per endpoint (its id is the `webhook-id`), and a drain job per endpoint that
 * got one goes in through the same transaction, so a rollback sends nothing and a commit loses nothing. An event with
 * no endpoints costs that one statement on the endpoints' event index, and no job.
 */
export async function queueWebhooks<T extends WebhookEventType>(ctx: AppContext, tx: DbOrTx, emission: WebhookEmission<T>): Promise<void> {
  const payload: WebhookPayload<T> = { type: emission.type, timestamp: new Date().toISOString(), data: emission.data };
  const queued = await selectRows<{ endpointId: string }>(
    tx,
    sql`insert into ${webhookDeliveries} ("id", "webhook_id", "endpoint_id", "type", "payload")
        select d."id", d."id", d."endpoint_id", ${emission.type}, ${JSON.stringify(payload)}::jsonb
        from (
          select gen_random_uuid() as "id", e."id" as "endpoint_id" from ${webhookEndpoints} e
          where e."event_id" = ${emission.eventId}::uuid and e."enabled" and ${emission.type} = any(e."event_types")
        ) d
        returning "endpoint_id" as "endpointId"`,
  );
  if (queued.length > 0) await ctx.jobs.enqueueMany(tx, WEBHOOK_QUEUE, queued.map(({ endpointId }) => ({ endpointId })));
}
