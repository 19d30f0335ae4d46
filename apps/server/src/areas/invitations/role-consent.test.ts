import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVITATION_LIMITS, RECIPIENT_LIMIT_MESSAGE, SENDER_LIMIT_MESSAGE } from '@mingle/shared/invitations/inputs';
import { invitationLimits } from './issue.ts';
import { userRoles } from '../../platform/db/schema/auth.ts';
import { eventCoOwners, eventInvitations, eventVolunteers, userEventAccess } from '../../platform/db/schema/events.ts';
import { mailOutbox } from '../../platform/db/schema/mail.ts';
import { sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { addVolunteer, createEvent, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser, uniqueEmail } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { lastMailTo } from '../../test/mail.ts';

// Issue 16 "Consent": nobody is made a volunteer, a co-owner or a sponsor representative without saying yes. Each
// test performs the attack the hostile review found (an owner of their own event naming a stranger's address) and
// checks that nothing was granted; the answer to the organizer never tells whether an address has an account.

const server = useTestServer();

type Who = { user: { id: string; email: string; fullName: string }; headers: Headers };

/** Everything a stranger could have been given: roles, access rows, assignments, co-ownerships, representations. */
async function grantsOf(userId: string) {
  const db = server.ctx.db;
  return {
    roles: (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role),
    access: await db.select().from(userEventAccess).where(eq(userEventAccess.userId, userId)),
    volunteering: await db.select().from(eventVolunteers).where(eq(eventVolunteers.userId, userId)),
    coOwnerships: await db.select().from(eventCoOwners).where(eq(eventCoOwners.userId, userId)),
    representations: await db.select().from(sponsorRepresentatives).where(eq(sponsorRepresentatives.userId, userId)),
  };
}
/** Every account holds `registered_user`; nothing else. */
const NOTHING = { roles: ['registered_user'], access: [], volunteering: [], coOwnerships: [], representations: [] };

async function myInvitations(who: Who) {
  const response = await server.send('GET', '/api/me/invitations', who.headers);
  expect(response.status).toBe(200);
  return ((await response.json()) as { invitations: Array<{ id: string; role: string; eventId: string; sponsorName: string | null }> }).invitations;
}
const acceptMine = (who: Who, id: string) => server.send('POST', `/api/me/invitations/${id}/accept`, who.headers);
const declineMine = (who: Who, id: string) => server.send('POST', `/api/me/invitations/${id}/decline`, who.headers);

async function mailedToken(email: string): Promise<string> {
  const token = (await lastMailTo(server.ctx, email))?.text.match(/\/auth#invitation=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** An attacker: any signed-in user who created an event of their own (and so owns it). */
async function attackerWithEvent() {
  const attacker = await signedInUser(server, { roles: ['event_owner'] });
  const event = await createEvent(server.ctx, attacker.user.id);
  return { attacker, event };
}

describe('an organizer names a stranger as volunteer', () => {
  it('grants nothing, hides the stranger’s tickets, and answers alike for an account and for no account', async () => {
    const { attacker, event } = await attackerWithEvent();
    const victim = await signedInUser(server);
    const ticket = await server.send('POST', '/api/support/tickets', victim.headers, {
      email: victim.user.email,
      fullName: victim.user.fullName,
      subject: 'My private problem',
      description: 'Something only the support team should read.',
      ticketType: 'incident',
    });
    expect(ticket.status).toBeLessThan(300);

    const forVictim = await server.send('POST', `/api/events/${event.id}/volunteers`, attacker.headers, { email: victim.user.email, allocatedGoodies: 1 });
    const nobody = uniqueEmail('nobody');
    const forNobody = await server.send('POST', `/api/events/${event.id}/volunteers`, attacker.headers, { email: nobody, allocatedGoodies: 1 });
    expect(forVictim.status).toBe(201);
    expect(forNobody.status).toBe(201);
    const a = (await forVictim.json()) as Record<string, unknown>;
    const b = (await forNobody.json()) as Record<string, unknown>;
    expect({ ...a, email: 'x' }).toEqual({ ...b, email: 'x' });
    expect(JSON.stringify(a)).not.toContain(victim.user.id);

    expect(await grantsOf(victim.user.id)).toEqual(NOTHING);
    const tickets = (await (await server.send('GET', '/api/manager/tickets', attacker.headers)).json()) as { items: unknown[] };
    expect(JSON.stringify(tickets)).not.toContain('My private problem');
    // Nor is the victim among the event's volunteers the attacker lists.
    const volunteers = (await (await server.send('GET', '/api/manager/volunteers', attacker.headers)).json()) as { volunteers: unknown[] };
    expect(JSON.stringify(volunteers)).not.toContain(victim.user.id);
  });

  it('is granted only when the person accepts in the app, and then only once under 8 parallel acceptances', async () => {
    const cast = await eventWithCast(server);
    const person = await signedInUser(server);
    expect((await server.send('POST', `/api/events/${cast.event.id}/volunteers`, cast.owner.headers, { email: person.user.email, allocatedGoodies: 7 })).status).toBe(201);
    const [invitation] = await myInvitations(person);
    expect(invitation).toMatchObject({ role: 'volunteer', eventId: cast.event.id });
    // Nobody else may accept or decline it by id, not even the organizer who sent it.
    for (const who of [cast.owner, cast.attendee]) {
      expect((await acceptMine(who, invitation!.id)).status).toBe(404);
      expect((await declineMine(who, invitation!.id)).status).toBe(404);
    }
    expect(await grantsOf(person.user.id)).toEqual(NOTHING);

    const results = await Promise.all(Array.from({ length: 8 }, () => acceptMine(person, invitation!.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const grants = await grantsOf(person.user.id);
    expect(grants.volunteering).toHaveLength(1);
    expect(grants.volunteering[0]).toMatchObject({ eventId: cast.event.id, allocatedGoodies: 7 });
    expect(grants.roles.sort()).toEqual(['event_volunteer', 'registered_user']);
    expect(grants.access).toEqual([expect.objectContaining({ eventId: cast.event.id, accessType: 'organizer' })]);
    expect(await myInvitations(person)).toEqual([]);
  });

  it('refuses a declined or revoked invitation, in the app and by the email link, and grants nothing', async () => {
    const cast = await eventWithCast(server);
    const person = await signedInUser(server);
    await server.send('POST', `/api/events/${cast.event.id}/volunteers`, cast.owner.headers, { email: person.user.email, allocatedGoodies: 1 });
    const token = await mailedToken(person.user.email);
    const [invitation] = await myInvitations(person);
    expect((await declineMine(person, invitation!.id)).status).toBe(204);
    expect((await declineMine(person, invitation!.id)).status).toBe(409);
    for (const response of [await acceptMine(person, invitation!.id), await server.send('POST', '/api/invitation-acceptances', person.headers, { token })]) {
      expect(response.status).toBe(409);
      expect(await errorOf(response)).toEqual({ code: 'invitation_declined', message: 'This invitation has been declined' });
    }
    expect(await grantsOf(person.user.id)).toEqual(NOTHING);

    // Sent again, then revoked by the organizer: the invitee cannot accept it either.
    await server.send('POST', `/api/events/${cast.event.id}/volunteers`, cast.owner.headers, { email: person.user.email, allocatedGoodies: 1 });
    const [again] = await myInvitations(person);
    expect((await server.send('POST', `/api/invitations/${again!.id}/revoke`, cast.owner.headers)).status).toBe(204);
    const refused = await acceptMine(person, again!.id);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('invitation_revoked');
    expect(await grantsOf(person.user.id)).toEqual(NOTHING);
  });

  it('lets either side end the role: the volunteer gives it up, the organizer removes it', async () => {
    const cast = await eventWithCast(server);
    // The volunteer of the cast gives up: the assignment, the access row and the platform role go.
    expect((await server.send('DELETE', `/api/me/volunteer-assignments/${cast.event.id}`, cast.volunteer.headers)).status).toBe(204);
    expect(await grantsOf(cast.volunteer.user.id)).toEqual(NOTHING);
    expect((await server.send('DELETE', `/api/me/volunteer-assignments/${cast.event.id}`, cast.volunteer.headers)).status).toBe(404);

    const other = await signedInUser(server);
    await addVolunteer(server.ctx, cast.event.id, other.user.id);
    // Another event's owner and the event's attendee cannot remove them; the co-owner can.
    expect((await server.send('DELETE', `/api/events/${cast.event.id}/volunteers/${other.user.id}`, cast.otherOwner.headers)).status).toBe(404);
    expect((await server.send('DELETE', `/api/events/${cast.event.id}/volunteers/${other.user.id}`, cast.attendee.headers)).status).toBe(403);
    expect((await grantsOf(other.user.id)).volunteering).toHaveLength(1);
    expect((await server.send('DELETE', `/api/events/${cast.event.id}/volunteers/${other.user.id}`, cast.coOwner.headers)).status).toBe(204);
    expect(await grantsOf(other.user.id)).toEqual(NOTHING);
  });
});

describe('co-owner promotion and sponsor representatives', () => {
  it('makes a co-owner only on acceptance; either side can end the co-ownership', async () => {
    const cast = await eventWithCast(server);
    const promote = (userId: string) => server.send('POST', `/api/events/${cast.event.id}/co-owners`, cast.owner.headers, { userId });
    // A stranger who is not a volunteer of the event cannot be named at all.
    const stranger = await signedInUser(server);
    expect((await promote(stranger.user.id)).status).toBe(404);
    expect(await myInvitations(stranger)).toEqual([]);

    expect((await promote(cast.volunteer.user.id)).status).toBe(201);
    expect((await grantsOf(cast.volunteer.user.id)).coOwnerships).toEqual([]);
    const [invitation] = await myInvitations(cast.volunteer);
    expect(invitation).toMatchObject({ role: 'co_owner' });
    expect((await acceptMine(cast.volunteer, invitation!.id)).status).toBe(200);
    expect((await grantsOf(cast.volunteer.user.id)).coOwnerships).toHaveLength(1);

    expect((await server.send('DELETE', `/api/me/co-ownerships/${cast.event.id}`, cast.volunteer.headers)).status).toBe(204);
    expect((await grantsOf(cast.volunteer.user.id)).coOwnerships).toEqual([]);
    expect((await grantsOf(cast.volunteer.user.id)).volunteering).toHaveLength(1);

    expect((await server.send('DELETE', `/api/events/${cast.event.id}/co-owners/${cast.coOwner.user.id}`, cast.otherOwner.headers)).status).toBe(404);
    expect((await server.send('DELETE', `/api/events/${cast.event.id}/co-owners/${cast.coOwner.user.id}`, cast.owner.headers)).status).toBe(204);
    expect((await grantsOf(cast.coOwner.user.id)).coOwnerships).toEqual([]);
  });

  it('makes a representative only on acceptance by the email link, answering alike for any address', async () => {
    const { attacker, event } = await attackerWithEvent();
    const [sponsor] = await server.ctx.db.insert(sponsors).values({ eventId: event.id, companyName: 'Acme' }).returning();
    const victim = await signedInUser(server);
    const add = (email: string) => server.send('POST', `/api/sponsors/${sponsor!.id}/representatives`, attacker.headers, { email });
    const forVictim = (await (await add(victim.user.email)).json()) as { invitation: Record<string, unknown> };
    const nobody = uniqueEmail('nobody');
    const forNobody = (await (await add(nobody)).json()) as { invitation: Record<string, unknown> };
    expect({ ...forVictim, invitation: { ...forVictim.invitation, email: 'x' } }).toEqual({ ...forNobody, invitation: { ...forNobody.invitation, email: 'x' } });
    expect(await grantsOf(victim.user.id)).toEqual(NOTHING);
    expect(await myInvitations(victim)).toEqual([expect.objectContaining({ role: 'sponsor_representative', sponsorName: 'Acme' })]);

    // The volunteer invitation of the same event is a separate pending invitation (slots).
    await server.send('POST', `/api/events/${event.id}/volunteers`, attacker.headers, { email: victim.user.email, allocatedGoodies: 0 });
    expect(await myInvitations(victim)).toHaveLength(2);

    const accepted = await server.send('POST', '/api/invitation-acceptances', victim.headers, { token: await mailedToken(victim.user.email) });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { role: string }).role).toBe('volunteer');
    const [rep] = (await myInvitations(victim)).filter((i) => i.role === 'sponsor_representative');
    expect((await acceptMine(victim, rep!.id)).status).toBe(200);
    expect((await grantsOf(victim.user.id)).representations).toHaveLength(1);
    expect((await server.send('DELETE', `/api/me/sponsor-representations/${sponsor!.id}`, victim.headers)).status).toBe(204);
    expect((await grantsOf(victim.user.id)).representations).toEqual([]);
  });
});

describe('invitation rate limits (per sender and per recipient, in the database)', () => {
  const pendingTo = (email: string) => server.ctx.db.select().from(eventInvitations).where(eq(eventInvitations.email, email));
  const mailsTo = (email: string) => server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  it(`mails one address at most ${INVITATION_LIMITS.perRecipientPerDay} invitations a day, across events and senders`, async () => {
    const first = await attackerWithEvent();
    const second = await attackerWithEvent();
    const target = uniqueEmail('target');
    const statuses: number[] = [];
    for (let i = 0; i < INVITATION_LIMITS.perRecipientPerDay; i += 1) {
      const { attacker, event } = i % 2 ? first : second;
      statuses.push((await server.send('POST', `/api/events/${event.id}/volunteers`, attacker.headers, { email: target, allocatedGoodies: 0 })).status);
    }
    expect(statuses.every((status) => status === 201)).toBe(true);
    const invitation = (await pendingTo(target)).find((row) => row.eventId === second.event.id);
    const before = { rows: await pendingTo(target), mails: (await mailsTo(target)).length };

    const refused = await server.send('POST', `/api/invitations/${invitation!.id}/resend`, second.attacker.headers);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toEqual({ code: 'rate_limited', message: RECIPIENT_LIMIT_MESSAGE });
    const bulk = await server.send('POST', '/api/invitations', first.attacker.headers, { eventId: first.event.id, emails: [target] });
    expect(await bulk.json()).toEqual({ results: [{ email: target, success: false, rateLimited: true }] });
    // Nothing written: the same rows (same tokens) and no new mail.
    expect({ rows: await pendingTo(target), mails: (await mailsTo(target)).length }).toEqual(before);
  });

  it('refuses, in a batch, only the address that has had its day, and counts the sender for the others alone', async () => {
    const { attacker, event } = await attackerWithEvent();
    const limits = invitationLimits(server.ctx);
    const [full, fresh] = [uniqueEmail('full'), uniqueEmail('fresh')];
    for (let i = 0; i < INVITATION_LIMITS.perRecipientPerDay; i += 1) await limits.recipient.consume(full);
    const before = await limits.sender.remaining(attacker.user.id);
    const response = await server.send('POST', '/api/invitations', attacker.headers, { eventId: event.id, emails: [full, fresh] });
    expect(await response.json()).toEqual({ results: [{ email: full, success: false, rateLimited: true }, { email: fresh, success: true }] });
    expect(await pendingTo(full)).toEqual([]);
    expect(await mailsTo(full)).toEqual([]);
    expect(await pendingTo(fresh)).toHaveLength(1);
    expect(await limits.sender.remaining(attacker.user.id)).toBe(before - 1);
  });

  it(`lets one sender send ${INVITATION_LIMITS.perSenderPerDay} invitations a day, then refuses a batch before sending any`, async () => {
    const { attacker, event } = await attackerWithEvent();
    const limits = invitationLimits(server.ctx);
    for (let i = 0; i < INVITATION_LIMITS.perSenderPerDay - 2; i += 1) await limits.sender.consume(attacker.user.id);
    const emails = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')];
    const refused = await server.send('POST', '/api/invitations', attacker.headers, { eventId: event.id, emails });
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toEqual({ code: 'rate_limited', message: SENDER_LIMIT_MESSAGE });
    for (const email of emails) expect(await pendingTo(email)).toEqual([]);
    const allowed = await server.send('POST', '/api/invitations', attacker.headers, { eventId: event.id, emails: emails.slice(0, 2) });
    expect(allowed.status).toBe(200);
    const single = await server.send('POST', `/api/events/${event.id}/volunteers`, attacker.headers, { email: emails[2], allocatedGoodies: 0 });
    expect(single.status).toBe(429);
    expect(await pendingTo(emails[2]!)).toEqual([]);
    const [row] = await server.ctx.db.select().from(eventInvitations).where(and(eq(eventInvitations.eventId, event.id), eq(eventInvitations.email, emails[0]!)));
    expect(row).toBeDefined();
  });
});
