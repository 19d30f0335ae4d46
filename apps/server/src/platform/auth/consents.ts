import { sql, type SQL } from 'drizzle-orm';
import { TERMS_VERSION } from '@mingle/shared/privacy/consents';
import type { DbOrTx } from '../db/client.ts';
import { consents } from '../db/schema/consents.ts';

// The consents every account path records (decision 0191), and the test every place that shows a person's details to
// sponsors asks. Here rather than in the privacy area: sign-up provisioning (platform) records them too.

/**
 * The terms gate's two boxes, both given at `at`: the terms (this version) and sharing with organizers and sponsors.
 * A consent already open stays as it was (the partial unique index), so accepting twice records nothing new.
 */
export async function recordTermsConsents(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .insert(consents)
    .values([
      { userId, kind: 'terms', version: TERMS_VERSION, givenAt: at },
      { userId, kind: 'share_with_sponsors', givenAt: at },
    ])
    .onConflictDoNothing();
}

/**
 * True while the person whose id is `userId` (an SQL uuid) has withdrawn their sharing consent: they gave it once and
 * it is not open now. Someone who never answered the terms gate is not "withdrawn": the gate asks them first.
 */
export function sharingWithdrawn(userId: SQL): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${consents} sc where sc."user_id" = ${userId} and sc."kind" = 'share_with_sponsors')
    and not exists (select 1 from ${consents} sc where sc."user_id" = ${userId} and sc."kind" = 'share_with_sponsors' and sc."withdrawn_at" is null))`;
}

/**
 * A person's consents as an organizer sees them, as three columns: "termsAcceptedAt", "sharing" (given, withdrawn
 * or never) and "sharingChangedAt" (when it was last given or withdrawn).
 */
export function consentStateColumns(userId: SQL): SQL {
  return sql`(select max(tc."given_at") from ${consents} tc where tc."user_id" = ${userId} and tc."kind" = 'terms' and tc."withdrawn_at" is null) as "termsAcceptedAt",
    coalesce((select case when sc."withdrawn_at" is null then 'given' else 'withdrawn' end from ${consents} sc
              where sc."user_id" = ${userId} and sc."kind" = 'share_with_sponsors' order by sc."given_at" desc, sc."withdrawn_at" desc nulls first limit 1), 'never') as "sharing",
    (select coalesce(sc."withdrawn_at", sc."given_at") from ${consents} sc
     where sc."user_id" = ${userId} and sc."kind" = 'share_with_sponsors' order by sc."given_at" desc, sc."withdrawn_at" desc nulls first limit 1) as "sharingChangedAt"`;
}
