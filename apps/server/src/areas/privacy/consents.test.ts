import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type MyConsentsDto, SHARING_WITHDRAWN_LEAD_MESSAGE, TERMS_VERSION } from '@mingle/shared/privacy/consents';
import type { LeadPageDto, SponsorDashboardDto } from '@mingle/shared/sponsors/contract';
import type { Page } from '@mingle/shared/core/pagination';
import type { RegistrationEntryDto } from '@mingle/shared/registrations/contract';
import { API_KEY_ACCOUNT_MESSAGE } from '../../platform/auth/api-key.ts';
import { authUsers } from '../../platform/db/schema/auth.ts';
import { consents } from '../../platform/db/schema/consents.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { sponsorLeads, sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { webhookDeliveries, webhookEndpoints } from '../../platform/db/schema/webhooks.ts';
import { byHeader, expectExportRefused, readCsv } from '../../test/csv.ts';
import { addAttendee, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser, uniqueEmail } from '../../test/factories.ts';
import { errorOf, jsonRequest, useTestServer } from '../../test/harness.ts';
import { lastCodeTo } from '../../test/mail.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();

type Who = Awaited<ReturnType<typeof signedInUser>>;

const consentsOf = async (who: Who) => (await (await server.send('GET', '/api/me/consents', who.headers)).json()) as MyConsentsDto;
const withdraw = (who: Who) => server.send('DELETE', '/api/me/consents/share_with_sponsors', who.headers);
const give = (who: Who) => server.send('PUT', '/api/me/consents/share_with_sponsors', who.headers);
/** The person's consent rows as stored, oldest first. */
const rowsOf = (userId: string) =>
  server.ctx.db.select().from(consents).where(eq(consents.userId, userId)).orderBy(consents.givenAt, consents.id);

/** An event with a sponsor, a representative of it, and an attendee who gave the sponsor their details. */
async function sponsorWithLead() {
  const cast = await eventWithCast(server);
  const [sponsor] = await server.ctx.db.insert(sponsors).values({ eventId: cast.event.id, companyName: 'Consent Robotics' }).returning();
  const rep = await signedInUser(server);
  await server.ctx.db.insert(sponsorRepresentatives).values({ sponsorId: sponsor!.id, userId: rep.user.id });
  const lead = await server.send('PUT', `/api/sponsors/${sponsor!.id}/lead`, cast.attendee.headers, { interestLevel: 'high', contactRequested: true });
  expect(lead.status, await lead.clone().text()).toBeLessThan(300);
  return { ...cast, sponsorId: sponsor!.id, rep };
}

describe('consents are recorded', () => {
  it('at sign-up: the terms with their version and sharing, both given then', async () => {
    const email = uniqueEmail('consent');
    await server.request('/api/signup/code', jsonRequest({ fullName: 'Grace Hopper', email, password: 'longenough' }));
    const verified = await server.request('/api/signup/verify', jsonRequest({ email, code: await lastCodeTo(server.ctx, email), password: 'longenough' }));
    const { verificationToken } = (await verified.json()) as { verificationToken: string };
    const completed = await server.request('/api/signup/complete', jsonRequest({ email, verificationToken, acceptTerms: true }));
    expect(completed.status, await completed.clone().text()).toBeLessThan(300);
    const [user] = await server.ctx.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
    const rows = await rowsOf(user!.id);
    expect(rows.map((row) => [row.kind, row.version, row.withdrawnAt])).toEqual(
      expect.arrayContaining([
        ['terms', TERMS_VERSION, null],
        ['share_with_sponsors', null, null],
      ]),
    );
  });

  it("at the terms gate, and the person reads them: what they agreed to and when", async () => {
    const who = await signedInUser(server);
    // As an account made through GitHub or LinkedIn: no terms yet.
    await server.ctx.db.delete(consents).where(eq(consents.userId, who.user.id));
    await server.ctx.db.update(profiles).set({ termsAcceptedAt: null }).where(eq(profiles.id, who.user.id));
    expect(await consentsOf(who)).toMatchObject({ termsAcceptedAt: null, sharing: 'never', history: [] });

    expect((await server.send('POST', '/api/me/terms', who.headers)).status).toBe(200);
    const mine = await consentsOf(who);
    expect(mine).toMatchObject({ termsVersion: TERMS_VERSION, sharing: 'given', sharingWithdrawnAt: null });
    expect(mine.termsAcceptedAt).toBe(mine.sharingGivenAt);
    expect(mine.history).toHaveLength(2);
    // Accepting again records nothing new.
    expect((await server.send('POST', '/api/me/terms', who.headers)).status).toBe(200);
    expect(await rowsOf(who.user.id)).toHaveLength(2);
  });
});

describe('the sharing consent', () => {
  it('is withdrawn and given again, keeping when it was given, and the data export carries the history', async () => {
    const who = await signedInUser(server);
    const before = await consentsOf(who);
    const withdrawn = await withdraw(who);
    expect(withdrawn.status).toBe(200);
    const after = (await withdrawn.json()) as MyConsentsDto;
    expect(after).toMatchObject({ sharing: 'withdrawn', sharingGivenAt: before.sharingGivenAt, termsAcceptedAt: before.termsAcceptedAt });
    expect(after.sharingWithdrawnAt).not.toBeNull();
    // Withdrawing twice changes nothing.
    expect((await withdraw(who)).status).toBe(200);
    expect((await consentsOf(who)).sharingWithdrawnAt).toBe(after.sharingWithdrawnAt);

    const again = (await (await give(who)).json()) as MyConsentsDto;
    expect(again).toMatchObject({ sharing: 'given', sharingWithdrawnAt: null });
    expect(again.history.filter((row) => row.kind === 'share_with_sponsors')).toEqual([
      { kind: 'share_with_sponsors', version: null, givenAt: again.sharingGivenAt, withdrawnAt: null },
      { kind: 'share_with_sponsors', version: null, givenAt: before.sharingGivenAt, withdrawnAt: after.sharingWithdrawnAt },
    ]);

    const archive = JSON.parse(await (await server.send('GET', '/api/me/data-export', who.headers)).text()) as { consents: { history: unknown[] } };
    expect(archive.consents.history).toHaveLength(3);
  });

  it('settles on one consistent state after 20 parallel withdrawals and gifts', async () => {
    const who = await signedInUser(server);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? give(who) : withdraw(who))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const rows = (await rowsOf(who.user.id)).filter((row) => row.kind === 'share_with_sponsors');
    expect(rows.filter((row) => row.withdrawnAt === null).length).toBeLessThanOrEqual(1);
    for (const row of rows) if (row.withdrawnAt) expect(row.withdrawnAt.getTime()).toBeGreaterThanOrEqual(row.givenAt.getTime());
    const mine = await consentsOf(who);
    expect(mine.sharing).toBe(rows.some((row) => row.withdrawnAt === null) ? 'given' : 'withdrawn');
  });

  it('is refused to a visitor, an API key and for the terms or an unknown kind, with nothing written', async () => {
    const who = await signedInUser(server);
    const created = await server.send('POST', '/api/me/api-keys', who.headers, { name: 'Script', access: 'read-write', eventId: null, expiresAt: null });
    const { key } = (await created.json()) as { key: string };
    const keyHeaders = new Headers({ authorization: `Bearer ${key}` });
    await expectNothingWritten(
      () => rowsOf(who.user.id),
      async () => {
        expect((await server.send('GET', '/api/me/consents')).status).toBe(401);
        expect((await server.send('DELETE', '/api/me/consents/share_with_sponsors')).status).toBe(401);
        const byKey = await server.send('DELETE', '/api/me/consents/share_with_sponsors', keyHeaders);
        expect(byKey.status).toBe(403);
        expect((await errorOf(byKey)).message).toBe(API_KEY_ACCOUNT_MESSAGE);
        expect((await server.send('GET', '/api/me/consents', keyHeaders)).status).toBe(403);
        expect((await server.send('DELETE', '/api/me/consents/terms', who.headers)).status).toBe(400);
        expect((await server.send('PUT', '/api/me/consents/anything', who.headers)).status).toBe(400);
      },
    );
  });
});

describe('sponsors honour a withdrawal', () => {
  it('refuses a new lead with a clear message, writing nothing', async () => {
    const { sponsorId, attendee } = await sponsorWithLead();
    await server.send('DELETE', `/api/sponsors/${sponsorId}/lead`, attendee.headers);
    expect((await withdraw(attendee)).status).toBe(200);
    await expectNothingWritten(
      () => server.ctx.db.select().from(sponsorLeads).where(eq(sponsorLeads.userId, attendee.user.id)),
      async () => {
        const refused = await server.send('PUT', `/api/sponsors/${sponsorId}/lead`, attendee.headers, { interestLevel: 'high' });
        expect(refused.status).toBe(403);
        expect((await errorOf(refused)).message).toBe(SHARING_WITHDRAWN_LEAD_MESSAGE);
      },
    );
    expect((await give(attendee)).status).toBe(200);
    expect((await server.send('PUT', `/api/sponsors/${sponsorId}/lead`, attendee.headers, { interestLevel: 'high' })).status).toBeLessThan(300);
  });

  it('hides their lead from the list, the counts, the export and the event\'s webhooks while withdrawn, and shows it again once given', async () => {
    const { sponsorId, attendee, rep, event } = await sponsorWithLead();
    // The event's integration (a CRM fed by webhooks), subscribed to leads after this one was captured.
    const [endpoint] = await server.ctx.db
      .insert(webhookEndpoints)
      .values({ eventId: event.id, url: 'https://crm.example.com/hooks', eventTypes: ['lead.created', 'lead.withdrawn'], secret: 'whsec_test' })
      .returning();
    const sentToCrm = async () =>
      (await server.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id)).orderBy(asc(webhookDeliveries.sequence))).map(
        (delivery) => [delivery.type, (delivery.payload as { data: Record<string, unknown> }).data],
      );
    const leads = async () => ((await (await server.send('GET', `/api/sponsors/${sponsorId}/leads`, rep.headers)).json()) as LeadPageDto).leads;
    const dashboard = async () => ((await (await server.send('GET', `/api/sponsors/${sponsorId}/dashboard`, rep.headers)).json()) as SponsorDashboardDto).stats;
    const csv = async () => byHeader(await readCsv(await server.send('GET', `/api/sponsors/${sponsorId}/leads.csv`, rep.headers), 'consent-robotics-leads.csv'));
    expect((await leads()).map((lead) => lead.email)).toEqual([attendee.user.email]);

    await withdraw(attendee);
    const [lead] = await server.ctx.db.select().from(sponsorLeads).where(eq(sponsorLeads.userId, attendee.user.id));
    const attendeeData = { userId: attendee.user.id, fullName: attendee.user.fullName };
    const withdrawnData = { eventId: event.id, sponsorId, leadId: lead!.id, attendee: attendeeData };
    expect(await sentToCrm()).toEqual([['lead.withdrawn', withdrawnData]]);
    await withdraw(attendee); // withdrawn already: nothing more to tell
    expect(await sentToCrm()).toHaveLength(1);
    expect(await leads()).toEqual([]);
    expect(await dashboard()).toMatchObject({ leads: 0, highInterest: 0, contactRequests: 0 });
    expect(await csv()).toEqual([]);
    // The lead itself stays the person's: they still see it, and it is back when they give the consent again.
    expect(await server.ctx.db.select({ id: sponsorLeads.id }).from(sponsorLeads).where(and(eq(sponsorLeads.sponsorId, sponsorId), eq(sponsorLeads.userId, attendee.user.id)))).toHaveLength(1);

    await give(attendee);
    expect(await sentToCrm()).toEqual([
      ['lead.withdrawn', withdrawnData],
      ['lead.created', { ...withdrawnData, interestLevel: 'high', notes: null, contactRequested: true }],
    ]);
    expect((await leads()).map((lead) => lead.fullName)).toEqual([attendee.user.fullName]);
    expect((await csv()).map((row) => row.Email)).toEqual([attendee.user.email]);
  });
});

describe('organizers see consents', () => {
  it("on the registrations list and in its export, for THE event's organizers only", async () => {
    const cast = await eventWithCast(server, { registrationOpen: true });
    const [given, withdrawn] = await Promise.all([signedInUser(server), signedInUser(server)]);
    await addAttendee(server.ctx, cast.event.id, given.user.id);
    await addAttendee(server.ctx, cast.event.id, withdrawn.user.id);
    await withdraw(withdrawn);

    const page = (await (await server.send('GET', `/api/events/${cast.event.id}/registrations?status=registered`, cast.owner.headers)).json()) as Page<RegistrationEntryDto>;
    const byUser = new Map(page.items.map((item) => [item.userId, item.consents]));
    expect(byUser.get(given.user.id)).toMatchObject({ sharing: 'given' });
    expect(byUser.get(withdrawn.user.id)).toMatchObject({ sharing: 'withdrawn' });
    expect(byUser.get(withdrawn.user.id)?.termsAcceptedAt).not.toBeNull();

    const path = `/api/events/${cast.event.id}/registrations.csv`;
    const rows = byHeader(await readCsv(await server.send('GET', path, cast.owner.headers), `${cast.event.slug}-registrations.csv`));
    const row = (email: string) => rows.find((candidate) => candidate.Email === email)!;
    expect(row(given.user.email)['Sharing With Sponsors']).toBe('Given');
    expect(row(withdrawn.user.email)['Sharing With Sponsors']).toBe('Withdrawn');
    expect(row(withdrawn.user.email)['Terms Accepted At (UTC)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(row(withdrawn.user.email)['Sharing Changed At (UTC)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    await expectExportRefused(server, path, [cast.otherOwner, cast.attendee, cast.volunteer, cast.stranger]);
    for (const who of [cast.otherOwner, cast.attendee, cast.stranger]) {
      expect([403, 404]).toContain((await server.send('GET', `/api/events/${cast.event.id}/registrations?status=registered`, who.headers)).status);
    }
  });
});
