import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RegistrationImportResult } from '@mingle/shared/registrations/import';
import { eventAttendees, eventInvitations } from '../../platform/db/schema/events.ts';
import { eventWithCast } from '../../test/event-factories.ts';
import { createUser, uniqueEmail } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { lastMailTo } from '../../test/mail.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';
import { invitationLimits } from '../invitations/index.ts';

const server = useTestServer();

type Cast = Awaited<ReturnType<typeof eventWithCast>>;
type Who = Cast['owner'];

const send = (cast: Cast, who: Who | undefined, body: unknown) => server.send('POST', `/api/events/${cast.event.id}/registration-imports`, who?.headers, body);
const importAs = async (cast: Cast, who: Who, rows: Array<{ email: string; fullName?: string }>, dryRun: boolean) => {
  const response = await send(cast, who, { rows, dryRun });
  expect(response.status).toBe(200);
  return (await response.json()) as RegistrationImportResult;
};
const invitationsOf = (eventId: string) => server.ctx.db.select().from(eventInvitations).where(eq(eventInvitations.eventId, eventId));

describe('importing attendees from a CSV file', () => {
  it('previews a line per row without writing, then invites everyone new, once, and leaves the rest as they are', async () => {
    const cast = await eventWithCast(server);
    const holder = await createUser(server.ctx, { fullName: 'Has Account' });
    const newcomer = uniqueEmail('newcomer');
    const rows = [
      { email: cast.attendee.user.email.toUpperCase(), fullName: 'Already In' },
      { email: holder.email, fullName: 'Has Account' },
      { email: ` ${newcomer} `, fullName: 'New Person' },
      { email: 'not an email' },
      { email: holder.email },
    ];
    let preview: RegistrationImportResult | undefined;
    await expectNothingWritten(
      () => invitationsOf(cast.event.id),
      async () => {
        preview = await importAs(cast, cast.owner, rows, true);
      },
    );
    expect(preview!.rows.map((row) => row.outcome)).toEqual(['already_registered', 'invite_account', 'invite_new', 'invalid_email', 'duplicate']);
    expect(await lastMailTo(server.ctx, newcomer)).toBeUndefined();

    const done = await importAs(cast, cast.coOwner, rows, false);
    expect(done).toEqual({ ...preview, dryRun: false });
    const invited = await invitationsOf(cast.event.id);
    expect(invited.map((invitation) => invitation.email).sort()).toEqual([holder.email, newcomer].sort());
    expect(invited.every((invitation) => invitation.role === 'attendee' && invitation.status === 'pending')).toBe(true);
    expect((await lastMailTo(server.ctx, newcomer))?.subject).toContain(cast.event.name);
    // Nobody was registered by the import: the account holder accepts on their dashboard.
    expect(await server.ctx.db.select().from(eventAttendees).where(eq(eventAttendees.userId, holder.id))).toEqual([]);

    // The same file again changes nothing.
    const again = await importAs(cast, cast.owner, rows, false);
    expect(again.rows.map((row) => row.outcome)).toEqual(['already_registered', 'already_invited', 'already_invited', 'invalid_email', 'duplicate']);
    expect(await invitationsOf(cast.event.id)).toHaveLength(2);
  });

  it("keeps to the organizer's daily invitation emails: the rows past it wait for another day", async () => {
    const cast = await eventWithCast(server);
    const limits = invitationLimits(server.ctx);
    await limits.sender.consume(cast.owner.user.id, (await limits.sender.remaining(cast.owner.user.id)) - 1);
    const rows = [{ email: uniqueEmail('first') }, { email: uniqueEmail('second') }];
    expect((await importAs(cast, cast.owner, rows, true)).rows.map((row) => row.outcome)).toEqual(['invite_new', 'over_daily_limit']);
    expect((await importAs(cast, cast.owner, rows, false)).rows.map((row) => row.outcome)).toEqual(['invite_new', 'over_daily_limit']);
    expect((await invitationsOf(cast.event.id)).map((invitation) => invitation.email)).toEqual([rows[0]!.email]);
  });

  it('is the organizers’ alone, and refuses a file with no rows or too many, writing nothing', async () => {
    const cast = await eventWithCast(server);
    const rows = [{ email: uniqueEmail('x') }];
    await expectNothingWritten(
      () => invitationsOf(cast.event.id),
      async () => {
        expect((await send(cast, cast.volunteer, { rows, dryRun: false })).status).toBe(403);
        expect((await send(cast, cast.attendee, { rows, dryRun: false })).status).toBe(403);
        expect((await send(cast, cast.otherOwner, { rows, dryRun: false })).status).toBe(404);
        expect((await send(cast, cast.stranger, { rows, dryRun: false })).status).toBe(404);
        expect((await send(cast, undefined, { rows, dryRun: false })).status).toBe(401);
        const empty = await send(cast, cast.owner, { rows: [], dryRun: false });
        expect(empty.status).toBe(400);
        expect((await errorOf(empty)).message).toBe('The file has no rows to import');
        const many = await send(cast, cast.owner, { rows: Array.from({ length: 5001 }, (_, i) => ({ email: `p${i}@x.io` })), dryRun: false });
        expect(many.status).toBe(400);
        expect((await errorOf(many)).message).toBe('A file can hold at most 5,000 people');
        expect((await server.send('POST', `/api/events/${randomUUID()}/registration-imports`, cast.owner.headers, { rows, dryRun: true })).status).toBe(404);
      },
    );
  });
});
