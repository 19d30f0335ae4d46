import { inArray, isNotNull, and, sql } from 'drizzle-orm';
import type { LanguageCode } from '@mingle/shared/core/constants';
import type { DbOrTx } from '../db/client.ts';
import { authUsers } from '../db/schema/auth.ts';

/**
 * The languages of the accounts behind some addresses, by lower-cased address, in one query: an email speaks its
 * recipient's language (decision 0184), read when the message is rendered, so a choice made meanwhile counts.
 */
export async function accountLanguages(db: DbOrTx, addresses: string[]): Promise<Map<string, LanguageCode>> {
  const lowered = [...new Set(addresses.map((address) => address.toLowerCase()))];
  if (lowered.length === 0) return new Map();
  const rows = await db
    .select({ email: sql<string>`lower(${authUsers.email})`, language: authUsers.language })
    .from(authUsers)
    .where(and(inArray(sql`lower(${authUsers.email})`, lowered), isNotNull(authUsers.language)));
  return new Map(rows.flatMap((row) => (row.language ? [[row.email, row.language] as const] : [])));
}
