import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Config } from '../../config.ts';
import { selectRows, type DbOrTx } from '../../platform/db/client.ts';
import { eventAnalytics, sponsorAnalytics } from '../../platform/db/schema/analytics.ts';
import { mailOutbox } from '../../platform/db/schema/mail.ts';
import { webhookDeliveries } from '../../platform/db/schema/webhooks.ts';
import type { RetryPolicy } from '../../platform/jobs/queue.ts';

// Retention (decision 0187): old rows of the mail outbox (codes and links in clear text), the webhook delivery log
// (bodies naming people) and the analytics go once they are older than the configured days (RETENTION_*_DAYS), each
// in batches so that no statement holds many locks or runs long.

export const RETENTION_QUEUE = 'retention';
const RETENTION_RETRY: RetryPolicy = { limit: 2, delaySeconds: 60, expireSeconds: 1800 };
/** Rows one statement deletes at most. */
export const RETENTION_BATCH = 1_000;
const DAY_MS = 86_400_000;

type Kept = Config['retention'];

/**
 * Deletes up to RETENTION_BATCH rows of `table` matching `old`, again and again until none is left; answers how many.
 * Each batch is its own statement (no long transaction); a row deleted by another process meanwhile is simply gone.
 */
async function deleteInBatches(db: DbOrTx, table: typeof mailOutbox | typeof webhookDeliveries | typeof sponsorAnalytics | typeof eventAnalytics, old: ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await selectRows<{ id: string }>(
      db,
      sql`delete from ${table} where "id" in (select "id" from ${table} where ${old} limit ${RETENTION_BATCH}) returning "id"`,
    );
    total += deleted.length;
    if (deleted.length < RETENTION_BATCH) return total;
  }
}

/** Removes every kind's rows older than its retention; answers how many went, per kind. */
export async function purgeExpiredRows(db: DbOrTx, kept: Kept, now = new Date()) {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const mail = await deleteInBatches(db, mailOutbox, sql`"created_at" < ${before(kept.mailDays)}::timestamptz`);
  // A delivery still pending is work to do, not a log: only finished ones go.
  const webhooks = await deleteInBatches(db, webhookDeliveries, sql`"status" <> 'pending' and "created_at" < ${before(kept.webhookDeliveriesDays)}::timestamptz`);
  const analytics =
    (await deleteInBatches(db, sponsorAnalytics, sql`"created_at" < ${before(kept.analyticsDays)}::timestamptz`)) +
    (await deleteInBatches(db, eventAnalytics, sql`"created_at" < ${before(kept.analyticsDays)}::timestamptz`));
  return { mail, webhooks, analytics };
}

/** Works the retention queue in this process and has pg-boss's scheduler send it one job a day (03:17 UTC). */
export async function workRetention(ctx: AppContext): Promise<void> {
  await ctx.jobs.work(RETENTION_QUEUE, RETENTION_RETRY, async () => {
    const purged = await purgeExpiredRows(ctx.db, ctx.config.retention);
    if (purged.mail + purged.webhooks + purged.analytics > 0) ctx.log.info('retention: removed old rows', { ...purged, ...ctx.config.retention });
  });
  await ctx.jobs.schedule(RETENTION_QUEUE, '17 3 * * *');
}
