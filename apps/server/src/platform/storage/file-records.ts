import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { storedFiles, type StoredFileKind } from '../db/schema/files.ts';

export interface FileOwner {
  kind: StoredFileKind;
  /** The sponsor's, event's, user's or post's id. */
  recordId: string;
}

/** Notes that a file the server just stored belongs to one record (in the transaction that points the record at it). */
export async function recordStoredFile(db: DbOrTx, key: string, owner: FileOwner, uploadedBy: string): Promise<void> {
  await db.insert(storedFiles).values({ key, kind: owner.kind, recordId: owner.recordId, uploadedBy });
}

/**
 * A URL that names a file of this server's store (relative `/files/...`, absolute on PUBLIC_URL, or the bucket's),
 * as opposed to an address on another site.
 */
export function isStoredFileUrl(ctx: Pick<AppContext, 'storage'>, url: string): boolean {
  return ctx.storage.keyFromUrl(url) !== null || /^\/files\//i.test(url) || url.startsWith('//');
}

/**
 * Deletes the file behind a URL a record no longer shows, when (and only when) the server stored that file for this
 * very record: the stored_files row is claimed and removed in one statement, so the file is deleted once, and a URL
 * that only names someone else's file (or an address on another site) deletes nothing.
 */
export async function releaseStoredFile(ctx: AppContext, url: string | null | undefined, owner: FileOwner): Promise<void> {
  const key = url ? ctx.storage.keyFromUrl(url) : null;
  if (!key) return;
  const claimed = await ctx.db
    .delete(storedFiles)
    .where(and(eq(storedFiles.key, key), eq(storedFiles.kind, owner.kind), eq(storedFiles.recordId, owner.recordId)))
    .returning({ key: storedFiles.key });
  if (claimed.length === 0) return;
  await ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn('could not delete a stored file', { key, error: String(error) }));
}
