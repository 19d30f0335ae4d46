import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';

/**
 * How long the outbox keeps a message. Its rows hold sign-up codes and password-reset links in clear text, useful for
 * a day at most (the development mailbox, a support question about an email that did not arrive); kept for ever they
 * would only be something to leak.
 */
export const OUTBOX_RETENTION_DAYS = 14;
const PURGE_EVERY_MS = 6 * 3_600_000;

/** Deletes the messages older than the retention; answers how many. */
export async function purgeOutbox(db: DbOrTx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000);
  const deleted = await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, cutoff)).returning({ id: mailOutbox.id });
  return deleted.length;
}

/**
 * Purges once shortly after start-up, then every 6 hours, until the returned function is called. Several processes
 * may each run it: a delete of old rows is the same done twice.
 */
export function scheduleOutboxPurge(ctx: Pick<AppContext, 'db' | 'log'>): () => void {
  const run = () =>
    purgeOutbox(ctx.db).then(
      (count) => count > 0 && ctx.log.info('outbox: purged old messages', { count, retentionDays: OUTBOX_RETENTION_DAYS }),
      (error: unknown) => ctx.log.warn('outbox: purge failed', { error: String(error) }),
    );
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, PURGE_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
