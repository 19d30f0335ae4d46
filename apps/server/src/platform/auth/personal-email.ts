import { createRequire } from 'node:module';
import { emailDomainIn, PERSONAL_EMAIL_DOMAINS, PERSONAL_EMAIL_MESSAGE } from '@mingle/shared/auth/inputs';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { eventInvitations } from '../db/schema/events.ts';
import { badRequest } from '../http/errors.ts';

/**
 * Free-mail providers: the `email-providers` package's list (about 8,700 domains, released monthly) together with
 * the spec's own list. Names reserved for examples and tests (RFC 2606 / 6761) are no provider's and are left out:
 * the package lists `example.com`.
 */
const RESERVED = /(^|\.)(example\.(com|net|org)|test|example|invalid|localhost)$/;
const providers = (createRequire(import.meta.url)('email-providers/all.json') as string[]).filter((d) => !RESERVED.test(d));
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([...providers, ...PERSONAL_EMAIL_DOMAINS]);

/** A free-mail address (`googlemail.com`, `sub.gmail.com`, `GMAIL.COM`, `yahoo.co.uk`...). */
export function isFreeMailAddress(email: string): boolean {
  return emailDomainIn(email, FREE_MAIL_DOMAINS);
}

/** Whether an organizer invited exactly this address to an event and the invitation is still open. */
export async function hasPendingInvitation(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: eventInvitations.id })
    .from(eventInvitations)
    .where(
      and(
        eq(eventInvitations.email, email.trim().toLowerCase()),
        eq(eventInvitations.status, 'pending'),
        gt(eventInvitations.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The personal-email rule of spec 01: refused with the spec's message unless the operator allows personal addresses
 * (ALLOW_PERSONAL_EMAIL=true) or an organizer invited exactly this address.
 */
export async function assertSignUpEmailAllowed(
  db: DbOrTx,
  config: { allowPersonalEmail: boolean },
  email: string,
): Promise<void> {
  if (config.allowPersonalEmail || !isFreeMailAddress(email)) return;
  if (await hasPendingInvitation(db, email)) return;
  throw badRequest(PERSONAL_EMAIL_MESSAGE, 'personal_email');
}
