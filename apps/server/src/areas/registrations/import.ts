import { sql } from 'drizzle-orm';
import { BASIC_EMAIL_PATTERN } from '@mingle/shared/invitations/inputs';
import type { ImportOutcome, RegistrationImportResult, registrationImportInputSchema } from '@mingle/shared/registrations/import';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { selectRows } from '../../platform/db/client.ts';
import { assertEventPermission, canManageEvent, loadEventRelation } from '../event-access/index.ts';
import { invitationLimits, issueInvitations } from '../invitations/index.ts';

// Attendees in by CSV: the organizer's mapped rows, each answered by what happens to it. Nobody is put into an event
// without accepting (decision 0169): a row whose address has an account is invited to accept on their dashboard,
// any other by the emailed link; people already registered or invited are left as they are. Bad rows (an address
// that is not one, a second row of an address) are reported and not imported; the invitations of the good rows are
// written in one transaction with their emails (issueInvitations), so an import is never half done.

const isEmail = (email: string) => email.length <= 320 && BASIC_EMAIL_PATTERN.test(email);

interface Standing {
  email: string;
  registered: boolean;
  invited: boolean;
  account: boolean;
}

/** The preview (`dryRun`) or the import itself, for the event's organizers; the report has a line per row sent. */
export async function importRegistrations(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  input: z.output<typeof registrationImportInputSchema>,
): Promise<RegistrationImportResult> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);

  const emails = input.rows.map((row) => row.email.trim().toLowerCase());
  const outcomes = new Array<ImportOutcome | null>(emails.length).fill(null);
  const seen = new Set<string>();
  emails.forEach((email, index) => {
    if (!isEmail(email)) outcomes[index] = 'invalid_email';
    else if (seen.has(email)) outcomes[index] = 'duplicate';
    else seen.add(email);
  });

  // Every distinct address's standing with the event, in one statement (the accounts by their lower-case email index).
  const standings = await selectRows<Standing>(
    ctx.db,
    sql`select e.email,
               exists (select 1 from event_attendees a join auth_users u on u.id = a.user_id
                       where a.event_id = ${eventId}::uuid and lower(u.email) = e.email) as registered,
               exists (select 1 from event_invitations i
                       where i.event_id = ${eventId}::uuid and i.email = e.email and i.slot = 'event' and i.status = 'pending' and i.expires_at > now()) as invited,
               exists (select 1 from auth_users u where lower(u.email) = e.email) as account
        from json_array_elements_text(${JSON.stringify([...seen])}::json) as e(email)`,
  );
  const standingOf = new Map(standings.map((standing) => [standing.email, standing]));

  // Invitations count against the organizer's daily invitation emails (decision 0077): rows past what is left today
  // wait for another day (imported again, the rows already invited are skipped).
  let left = await invitationLimits(ctx).sender.remaining(caller.userId);
  emails.forEach((email, index) => {
    if (outcomes[index] !== null) return;
    const standing = standingOf.get(email)!;
    if (standing.registered) outcomes[index] = 'already_registered';
    else if (standing.invited) outcomes[index] = 'already_invited';
    else if (left <= 0) outcomes[index] = 'over_daily_limit';
    else {
      left -= 1;
      outcomes[index] = standing.account ? 'invite_account' : 'invite_new';
    }
  });

  if (!input.dryRun) {
    const inviting = emails.filter((_, index) => outcomes[index] === 'invite_account' || outcomes[index] === 'invite_new');
    if (inviting.length > 0) {
      const issued = await issueInvitations(
        ctx,
        { eventId, invitedBy: caller.userId, inviterName: caller.name },
        inviting.map((email) => ({ email, role: 'attendee' as const })),
      );
      // An address that has had its invitation emails for today is not invited now (the per-address limit).
      const refused = new Set(issued.filter((one) => one.refused).map((one) => one.email));
      emails.forEach((email, index) => {
        if (refused.has(email) && (outcomes[index] === 'invite_account' || outcomes[index] === 'invite_new')) outcomes[index] = 'over_daily_limit';
      });
    }
  }
  return { dryRun: input.dryRun, rows: emails.map((email, index) => ({ index, email, outcome: outcomes[index]! })) };
}
