import type { DbOrTx } from '../db/client.ts';
import { userRoles } from '../db/schema/auth.ts';
import { profiles } from '../db/schema/profiles.ts';
import { recordTermsConsents } from './consents.ts';

/**
 * What every new account gets, however it was created: a profile and the registered_user role, and, when the terms
 * were accepted at sign-up, the consents they gave (decision 0191).
 */
export async function provisionUser(
  db: DbOrTx,
  input: { userId: string; fullName: string; termsAcceptedAt: Date | null },
): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: input.userId, fullName: input.fullName, termsAcceptedAt: input.termsAcceptedAt })
    .onConflictDoNothing();
  await db.insert(userRoles).values({ userId: input.userId, role: 'registered_user' }).onConflictDoNothing();
  if (input.termsAcceptedAt) await recordTermsConsents(db, input.userId, input.termsAcceptedAt);
}
