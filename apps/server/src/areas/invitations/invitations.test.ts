import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveTopics } from '@mingle/shared/core/live';
import { eventAnalytics } from '../../platform/db/schema/analytics.ts';
import { userRoles } from '../../platform/db/schema/auth.ts';
import { eventAttendees, eventInvitations, eventVolunteers, userEventAccess } from '../../platform/db/schema/events.ts';
import { mailOutbox } from '../../platform/db/schema/mail.ts';
import { eventWithCast } from '../../test/event-factories.ts';
import { createUser, signedInUser, signIn, uniqueEmail } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { hashInvitationToken } from './issue.ts';
import { lastMailTo } from '../../test/mail.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();

type Who = { headers: Headers };

/** An event's invitations and who has access to it, as stored: what a refused send, resend, revoke or acceptance must leave as it was. */
const invitationsOf = async (eventId: string) => ({
  invitations: await server.ctx.db.select().from(eventInvitations).where(eq(eventInvitations.eventId, eventId)).orderBy(eventInvitations.id),
  access: await server.ctx.db.select().from(userEventAccess).where(eq(userEventAccess.eventId, eventId)).orderBy(userEventAccess.userId),
});

const send = (who: Who | null, body: unknown) => server.send('POST', '/api/invitations', who?.headers, body);
const accept = (who: Who, token: string) => server.send('POST', '/api/invitation-acceptances', who.headers, { token });

/** The token of the newest invitation link mailed to the address. */
async function mailedToken(email: string): Promise<string> {
  const message = await lastMailTo(server.ctx, email);
  const token = message?.text.match(/\/auth#invitation=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** An account with this address, signed in. */
async function invitee(email: string) {
  const user = await createUser(server.ctx, { email });
  return { user, headers: await signIn(server, user) };
}

async function castWithRights() {
  const cast = await eventWithCast(server, { name: 'Invite Conf', timezone: 'Asia/Tokyo' });
  // A co-owner is a promoted volunteer: they hold the event_volunteer role.
  await server.ctx.db.insert(userRoles).values({ userId: cast.coOwner.user.id, role: 'event_volunteer' });
  return cast;
}

describe('sending invitations', () => {
  it('emails each valid address once with a 7-day link and answers a result per address', async () => {
    const cast = await castWithRights();
    const [a, b] = [uniqueEmail('inv'), uniqueEmail('inv')];
    const response = await send(cast.owner, { eventId: cast.event.id, emails: [a, ` ${b.toUpperCase()} `, '', a] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ results: [{ email: a, success: true }, { email: b, success: true }] });

    const message = await lastMailTo(server.ctx, b);
    expect(message!.subject).toBe("You're invited to Invite Conf on Mingle");
    expect(message!.text).toContain(`${server.config.publicUrl}/auth#invitation=`);
    // The invited address rides in the hash too, so that the sign-up form starts with it (decision 0101).
    expect(message!.text).toMatch(new RegExp(`/auth#invitation=[\\w-]+&email=${encodeURIComponent(b)}\\s`));
    const rows = await server.ctx.db.select().from(eventInvitations).where(eq(eventInvitations.eventId, cast.event.id));
    expect(rows).toHaveLength(2);
    const token = await mailedToken(b);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', role: 'attendee', invitedBy: cast.owner.user.id });
      expect(row.tokenHash).not.toContain(token); // only the hash is stored
      const days = (row.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7.01);
    }

    // Sending again to a pending address gives it a new link instead of a second invitation.
    expect((await send(cast.owner, { eventId: cast.event.id, emails: [b] })).status).toBe(200);
    expect(await mailedToken(b)).not.toBe(token);
    expect(await server.ctx.db.select().from(eventInvitations).where(eq(eventInvitations.eventId, cast.event.id))).toHaveLength(2);
  });

  it('writes a call of 50 as 50 invitations, each with its own link and its own email on its row', async () => {
    const cast = await castWithRights();
    const emails = Array.from({ length: 50 }, () => uniqueEmail('batch'));
    const response = await send(cast.owner, { eventId: cast.event.id, emails });
    expect(await response.json()).toEqual({ results: emails.map((email) => ({ email, success: true })) });
    const rows = await server.ctx.db
      .select({ email: eventInvitations.email, tokenHash: eventInvitations.tokenHash, mailTo: mailOutbox.to })
      .from(eventInvitations)
      .innerJoin(mailOutbox, eq(mailOutbox.id, eventInvitations.mailId))
      .where(eq(eventInvitations.eventId, cast.event.id));
    expect(rows.map((row) => row.email).sort()).toEqual([...emails].sort());
    for (const row of rows) expect(row.mailTo).toBe(row.email);
    // Each address's link opens its own invitation: the mailed token hashes to the row of that address.
    for (const email of [emails[0]!, emails[49]!]) {
      expect(rows.find((row) => row.email === email)!.tokenHash).toBe(hashInvitationToken(await mailedToken(email)));
    }
  });

  it('answers the spec messages for a missing event and no valid address', async () => {
    const cast = await castWithRights();
    const noEvent = await send(cast.owner, { eventId: '', emails: [uniqueEmail()] });
    expect(noEvent.status).toBe(400);
    expect((await errorOf(noEvent)).message).toBe('Please select an event');
    const noEmail = await send(cast.owner, { eventId: cast.event.id, emails: ['', ' '] });
    expect(noEmail.status).toBe(400);
    expect((await errorOf(noEmail)).message).toBe('Please enter at least one valid email address');
  });

  it('refuses a send with an address that is not one, naming it, and sends none of the others (decision 0115)', async () => {
    const cast = await castWithRights();
    const good = uniqueEmail('kept');
    const response = await send(cast.owner, { eventId: cast.event.id, emails: [good, ' bad@@address ', ''] });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe('bad@@address is not a valid email address');
    expect(await server.ctx.db.select().from(eventInvitations).where(eq(eventInvitations.eventId, cast.event.id))).toEqual([]);
    expect(await lastMailTo(server.ctx, good)).toBeFalsy();
  });

  it('lets only invitation-rights holders invite, and only to their own events', async () => {
    const cast = await castWithRights();
    const body = { eventId: cast.event.id, emails: [uniqueEmail()] };
    for (const who of [cast.owner, cast.coOwner, cast.volunteer]) expect((await send(who, body)).status).toBe(200);
    await expectNothingWritten(
      () => invitationsOf(cast.event.id),
      async () => {
        for (const who of [cast.attendee, cast.stranger, cast.admin]) {
          const refused = await send(who, body);
          expect(refused.status).toBe(403);
          expect(await errorOf(refused)).toEqual({ code: 'forbidden', message: "You don't have permission to send invitations" });
        }
        expect((await send(cast.otherOwner, body)).status).toBe(404);
        expect((await send(null, body)).status).toBe(401);
      },
    );

    const events = async (who: Who) => server.send('GET', '/api/invitations/events', who.headers);
    // With the event's zone, so the picker shows its date as the event's own calendar has it.
    expect(((await (await events(cast.volunteer)).json()) as { events: Array<{ id: string; timezone: string }> }).events.map((e) => [e.id, e.timezone])).toEqual([
      [cast.event.id, 'Asia/Tokyo'],
    ]);
    expect(((await (await events(cast.otherOwner)).json()) as { events: Array<{ id: string }> }).events.map((e) => e.id)).not.toContain(cast.event.id);
    expect((await events(cast.attendee)).status).toBe(403);
  });
});

describe("the organizer's list, resend and revoke", () => {
  it('shows every status, resends with a new link (the old one dies) and revokes', async () => {
    const cast = await castWithRights();
    const [pending, accepted, expired, revoked] = [uniqueEmail('p'), uniqueEmail('a'), uniqueEmail('e'), uniqueEmail('r')];
    await send(cast.owner, { eventId: cast.event.id, emails: [pending, accepted, expired, revoked] });
    const acceptedUser = await invitee(accepted);
    expect((await accept(acceptedUser, await mailedToken(accepted))).status).toBe(200);
    await server.ctx.db.update(eventInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(eventInvitations.email, expired));
    const list = async (who: Who) =>
      (await (await server.send('GET', `/api/events/${cast.event.id}/invitations`, who.headers)).json()) as {
        items: Array<{ id: string; email: string; status: string; acceptedAt: string | null }>;
      };
    const idOf = async (email: string) => (await list(cast.owner)).items.find((i) => i.email === email)!.id;

    const revokedId = await idOf(revoked);
    expect((await server.send('POST', `/api/invitations/${revokedId}/revoke`, cast.coOwner.headers)).status).toBe(204);
    const revokedUser = await invitee(revoked);
    const revokedToken = await mailedToken(revoked);
    await expectNothingWritten(
      () => invitationsOf(cast.event.id),
      async () => {
        const again = await server.send('POST', `/api/invitations/${revokedId}/revoke`, cast.owner.headers);
        expect(again.status).toBe(409);
        expect((await errorOf(again)).message).toBe('Only pending invitations can be revoked');
        const refusedRevoked = await accept(revokedUser, revokedToken);
        expect(refusedRevoked.status).toBe(409);
        expect(await errorOf(refusedRevoked)).toEqual({ code: 'invitation_revoked', message: 'This invitation has been revoked by the organizer' });
      },
    );

    const statuses = Object.fromEntries((await list(cast.owner)).items.map((i) => [i.email, i.status]));
    expect(statuses).toEqual({ [pending]: 'pending', [accepted]: 'accepted', [expired]: 'expired', [revoked]: 'revoked' });
    expect((await list(cast.owner)).items.find((i) => i.email === accepted)!.acceptedAt).not.toBeNull();

    // Resend an expired invitation: a new link valid 7 days; the old link no longer works.
    const expiredUser = await invitee(expired);
    const oldToken = await mailedToken(expired);
    const refusedExpired = await accept(expiredUser, oldToken);
    expect(await errorOf(refusedExpired)).toEqual({ code: 'invitation_expired', message: 'This invitation has expired' });
    const resent = await server.send('POST', `/api/invitations/${await idOf(expired)}/resend`, cast.owner.headers);
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ sent: true });
    const newToken = await mailedToken(expired);
    expect(newToken).not.toBe(oldToken);
    expect((await accept(expiredUser, oldToken)).status).toBe(404);
    expect((await accept(expiredUser, newToken)).status).toBe(200);

    const acceptedId = await idOf(accepted);
    await expectNothingWritten(
      () => invitationsOf(cast.event.id),
      async () => {
        const resendAccepted = await server.send('POST', `/api/invitations/${acceptedId}/resend`, cast.owner.headers);
        expect(resendAccepted.status).toBe(409);
        expect((await errorOf(resendAccepted)).message).toBe('Only pending or expired invitations can be resent');
      },
    );
  });

  it('pages the list newest first, 50 at a time, every invitation once (ties on the time broken by id)', async () => {
    const cast = await castWithRights();
    const at = new Date();
    const rows = Array.from({ length: 53 }, (_, index) => ({
      eventId: cast.event.id,
      email: uniqueEmail('page'),
      tokenHash: `hash-${index}-${Math.random()}`,
      expiresAt: new Date(at.getTime() + 86_400_000),
      invitedBy: cast.owner.user.id,
      // Three share one instant, as a bulk send can make them.
      createdAt: new Date(at.getTime() - Math.max(index, 2) * 1000),
    }));
    await server.ctx.db.insert(eventInvitations).values(rows);
    const path = `/api/events/${cast.event.id}/invitations`;
    type Listed = { items: Array<{ email: string; createdAt: string }>; nextCursor: string | null };
    const first = (await (await server.send('GET', path, cast.owner.headers)).json()) as Listed;
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await (await server.send('GET', `${path}?cursor=${first.nextCursor}`, cast.owner.headers)).json()) as Listed;
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const listed = [...first.items, ...second.items];
    expect(new Set(listed.map((item) => item.email))).toEqual(new Set(rows.map((row) => row.email)));
    const times = listed.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const bad = await server.send('GET', `${path}?cursor=not-a-cursor`, cast.owner.headers);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe('Invalid cursor');
  });

  it('shows a volunteer only the invitations they sent, and nobody else’s event at all', async () => {
    const cast = await castWithRights();
    const byOwner = uniqueEmail('o');
    const byVolunteer = uniqueEmail('v');
    await send(cast.owner, { eventId: cast.event.id, emails: [byOwner] });
    await send(cast.volunteer, { eventId: cast.event.id, emails: [byVolunteer] });
    const path = `/api/events/${cast.event.id}/invitations`;
    const emails = async (who: Who) => ((await (await server.send('GET', path, who.headers)).json()) as { items: Array<{ email: string }> }).items.map((i) => i.email);
    expect((await emails(cast.owner)).sort()).toEqual([byOwner, byVolunteer].sort());
    expect(await emails(cast.volunteer)).toEqual([byVolunteer]);
    const ownerInvitationId = (await server.ctx.db.select().from(eventInvitations).where(eq(eventInvitations.email, byOwner)))[0]!.id;
    await expectNothingWritten(
      () => invitationsOf(cast.event.id),
      async () => {
        expect((await server.send('POST', `/api/invitations/${ownerInvitationId}/revoke`, cast.volunteer.headers)).status).toBe(404);
        for (const who of [cast.otherOwner, cast.stranger]) {
          const status = (await server.send('POST', `/api/invitations/${ownerInvitationId}/resend`, who.headers)).status;
          expect([403, 404]).toContain(status);
        }
      },
    );

    expect((await server.send('GET', path, cast.otherOwner.headers)).status).toBe(404);
    expect((await server.send('GET', path, cast.attendee.headers)).status).toBe(403);
    expect((await server.send('GET', path)).status).toBe(401);
  });
});

describe('accepting an invitation', () => {
  it('registers the invited user in one step, and refuses another address with the spec message', async () => {
    const cast = await castWithRights();
    const email = uniqueEmail('acc');
    await send(cast.owner, { eventId: cast.event.id, emails: [email] });
    const token = await mailedToken(email);

    await expectNothingWritten(
      () => invitationsOf(cast.event.id),
      async () => {
        const wrong = await accept(cast.stranger, token);
        expect(wrong.status).toBe(403);
        expect(await errorOf(wrong)).toEqual({ code: 'email_mismatch', message: 'This invitation was sent to a different email address' });
        expect((await server.send('POST', '/api/invitation-acceptances', undefined, { token })).status).toBe(401);
      },
    );

    const user = await invitee(email);
    const accepted = await accept(user, token);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ eventId: cast.event.id, eventName: 'Invite Conf', role: 'attendee' });
    const [row] = await server.ctx.db.select().from(eventInvitations).where(eq(eventInvitations.email, email));
    expect(row!.status).toBe('accepted');
    expect(row!.acceptedAt).toBeInstanceOf(Date);
    const [access] = await server.ctx.db.select().from(userEventAccess).where(eq(userEventAccess.userId, user.user.id));
    expect(access).toMatchObject({ eventId: cast.event.id, accessType: 'registered_attendee', grantedBy: cast.owner.user.id });
    const event = await server.send('GET', `/api/events/${cast.event.id}`, user.headers);
    expect(event.status).toBe(200);

    const twice = await accept(user, token);
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toEqual({ code: 'already_accepted', message: 'This invitation has already been accepted' });
    expect((await accept(user, 'no-such-token')).status).toBe(404);
  });

  it('accepted 8 times in parallel: one success, one attendee row, one registration, announced to open Analytics pages', async () => {
    const cast = await castWithRights();
    const email = uniqueEmail('par');
    await send(cast.owner, { eventId: cast.event.id, emails: [email] });
    const user = await invitee(email);
    const token = await mailedToken(email);
    const announced: string[] = [];
    const stop = server.ctx.live.onMessage((message) => {
      if (message.topic === liveTopics.eventAnalytics(cast.event.id)) announced.push(message.event.kind);
    });
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => accept(user, token)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const where = and(eq(eventAttendees.eventId, cast.event.id), eq(eventAttendees.userId, user.user.id));
    expect((await server.ctx.db.select({ n: count() }).from(eventAttendees).where(where))[0]!.n).toBe(1);
    const metrics = await server.ctx.db
      .select({ n: count() })
      .from(eventAnalytics)
      .where(and(eq(eventAnalytics.eventId, cast.event.id), eq(eventAnalytics.userId, user.user.id), eq(eventAnalytics.metricType, 'registration')));
    expect(metrics[0]!.n).toBe(1);
    // The event's first analytics row is announced as its transaction commits (areas/analytics/record.ts).
    await expect.poll(() => announced).toEqual(['analytics.recorded']);
    stop();
  });

  it('keeps an existing registration and adds nothing twice (duplicate access ignored)', async () => {
    const cast = await castWithRights();
    const user = await signedInUser(server);
    await send(cast.owner, { eventId: cast.event.id, emails: [user.user.email] });
    await server.ctx.db.insert(eventAttendees).values({ eventId: cast.event.id, userId: user.user.id });
    await server.ctx.db.insert(userEventAccess).values({ eventId: cast.event.id, userId: user.user.id, accessType: 'registered_attendee' });
    expect((await accept(user, await mailedToken(user.user.email))).status).toBe(200);
  });

  it('makes the invited person a volunteer when the invitation came from adding a volunteer', async () => {
    const cast = await castWithRights();
    const email = uniqueEmail('vol');
    const added = await server.send('POST', `/api/events/${cast.event.id}/volunteers`, cast.owner.headers, { email, allocatedGoodies: 15 });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ outcome: 'invited', email, emailSent: true });
    const user = await invitee(email);
    const accepted = await accept(user, await mailedToken(email));
    expect(await accepted.json()).toMatchObject({ role: 'volunteer' });
    const [assignment] = await server.ctx.db.select().from(eventVolunteers).where(eq(eventVolunteers.userId, user.user.id));
    expect(assignment).toMatchObject({ eventId: cast.event.id, allocatedGoodies: 15, distributedGoodies: 0 });
    const roles = await server.ctx.db.select().from(userRoles).where(eq(userRoles.userId, user.user.id));
    expect(roles.map((r) => r.role)).toContain('event_volunteer');
    expect(await server.ctx.db.select().from(eventAttendees).where(eq(eventAttendees.userId, user.user.id))).toEqual([]);
  });
});
