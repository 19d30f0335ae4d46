import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { MyConsentsDto } from '@mingle/shared/privacy/consents';
import { liveTopics } from '@mingle/shared/core/live';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { consents } from '../../platform/db/schema/consents.ts';
import { sponsorLeads } from '../../platform/db/schema/sponsors.ts';
import { queueWebhooks } from '../webhooks/index.ts';

// A person's consents on their profile (decision 0191): what they agreed to and when, and the sharing consent
// withdrawn and given again. Each change is one statement on the open row (the partial unique index keeps at most one),
// so parallel clicks settle on one state and the history keeps every time it was given.

/** The caller's whole consent history, newest first. */
export function consentHistory(db: DbOrTx, userId: string) {
  return db
    .select({ kind: consents.kind, version: consents.version, givenAt: consents.givenAt, withdrawnAt: consents.withdrawnAt })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.givenAt), desc(consents.id));
}

/** What the caller agreed to now, and the history. */
export async function myConsents(ctx: AppContext, caller: Caller): Promise<MyConsentsDto> {
  const history = await consentHistory(ctx.db, caller.userId);
  const terms = history.find((row) => row.kind === 'terms' && row.withdrawnAt === null);
  // The newest sharing row says where it stands: open is given, closed is withdrawn.
  const sharing = history.find((row) => row.kind === 'share_with_sponsors');
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  return {
    termsAcceptedAt: iso(terms?.givenAt),
    termsVersion: terms?.version ?? null,
    sharing: !sharing ? 'never' : sharing.withdrawnAt ? 'withdrawn' : 'given',
    sharingGivenAt: iso(sharing?.givenAt),
    sharingWithdrawnAt: iso(sharing?.withdrawnAt),
    history: history.map((row) => ({ kind: row.kind, version: row.version, givenAt: row.givenAt.toISOString(), withdrawnAt: iso(row.withdrawnAt) })),
  };
}

/** Gives the sharing consent (again): a new open row, or nothing when one is open already. */
export async function giveSharing(ctx: AppContext, caller: Caller): Promise<MyConsentsDto> {
  await ctx.db.transaction(async (tx) => {
    const opened = await tx.insert(consents).values({ userId: caller.userId, kind: 'share_with_sponsors' }).onConflictDoNothing().returning({ id: consents.id });
    // After a withdrawal, the sponsors' leads about the person show again: their integrations get each one back, as a
    // lead captured. (Given for the first time, nothing was hidden.)
    const wasWithdrawn = async () =>
      (await tx.select({ id: consents.id }).from(consents).where(and(eq(consents.userId, caller.userId), eq(consents.kind, 'share_with_sponsors'), isNotNull(consents.withdrawnAt))).limit(1)).length > 0;
    if (opened.length && (await wasWithdrawn())) {
      for (const lead of await leadsOf(tx, caller.userId)) {
        const { id: leadId, eventId, sponsorId, interestLevel, notes, contactRequested } = lead;
        const attendee = { userId: caller.userId, fullName: caller.name };
        await queueWebhooks(ctx, tx, { eventId, type: 'lead.created', data: { eventId, sponsorId, leadId, attendee, interestLevel, notes, contactRequested } });
      }
    }
    await announce(ctx, tx, caller.userId);
  });
  return myConsents(ctx, caller);
}

/** Withdraws the sharing consent: the open row is closed (it keeps when it was given); nothing open, nothing to do. */
export async function withdrawSharing(ctx: AppContext, caller: Caller): Promise<MyConsentsDto> {
  await ctx.db.transaction(async (tx) => {
    const closed = await tx
      .update(consents)
      .set({ withdrawnAt: sql`greatest(now(), ${consents.givenAt})` })
      .where(and(eq(consents.userId, caller.userId), eq(consents.kind, 'share_with_sponsors'), isNull(consents.withdrawnAt)))
      .returning({ id: consents.id });
    // The sponsors no longer see the person's leads (decision 0191); their integrations (a CRM fed by webhooks) are told
    // to let go of each one too, as when the person withdraws a lead themselves.
    if (closed.length) {
      for (const { id: leadId, eventId, sponsorId } of await leadsOf(tx, caller.userId)) {
        const attendee = { userId: caller.userId, fullName: caller.name };
        await queueWebhooks(ctx, tx, { eventId, type: 'lead.withdrawn', data: { eventId, sponsorId, leadId, attendee } });
      }
    }
    await announce(ctx, tx, caller.userId);
  });
  return myConsents(ctx, caller);
}

/** The leads sponsors hold about a person, in every event. */
function leadsOf(tx: DbOrTx, userId: string) {
  return tx
    .select({
      id: sponsorLeads.id,
      eventId: sponsorLeads.eventId,
      sponsorId: sponsorLeads.sponsorId,
      interestLevel: sponsorLeads.interestLevel,
      notes: sponsorLeads.notes,
      contactRequested: sponsorLeads.contactRequested,
    })
    .from(sponsorLeads)
    .where(eq(sponsorLeads.userId, userId));
}

/** The person's other tabs refetch their account (and so their consents). */
function announce(ctx: AppContext, tx: DbOrTx, userId: string) {
  return ctx.live.publish(liveTopics.userAccount(userId), { kind: 'account.updated' }, tx);
}
