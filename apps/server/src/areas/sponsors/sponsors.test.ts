import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveTopics } from '@mingle/shared/core/live';
import { eventAnalytics, sponsorAnalytics } from '../../platform/db/schema/analytics.ts';
import { eventInvitations } from '../../platform/db/schema/events.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { sponsorLeads, sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { addAttendee, createEvent, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';
import { csvCell } from '../../platform/http/csv.ts';
import { leadsCsv } from './csv.ts';

const server = useTestServer();


const validSponsor = (patch: Record<string, unknown> = {}) => ({
  companyName: 'Acme Robotics',
  tier: 'gold',
  logoUrl: 'https://acme.example/logo.png',
  websiteUrl: 'https://acme.example',
  description: 'Robots for everyone.',
  contactEmail: 'Sales@Acme.example',
  contactPhone: '+44 20 7946 0000',
  boothNumber: 'A12',
  ...patch,
});

interface SponsorJson {
  id: string;
  companyName: string;
  tier: string;
  contactEmail: string | null;
  contactPhone: string | null;
}

/** An event's sponsors as stored: what a refused add, edit, delete or logo upload must leave as it was. */
const sponsorsOf = (eventId: string) => server.ctx.db.select().from(sponsors).where(eq(sponsors.eventId, eventId)).orderBy(sponsors.id);
const leadsOf = (sponsorId: string) => server.ctx.db.select().from(sponsorLeads).where(eq(sponsorLeads.sponsorId, sponsorId));

async function castWithSponsor() {
  const cast = await eventWithCast(server);
  const created = await server.send('POST', `/api/events/${cast.event.id}/sponsors`, cast.owner.headers, validSponsor());
  expect(created.status).toBe(201);
  const sponsor = (await created.json()) as SponsorJson;
  return { ...cast, sponsor };
}

describe('manage sponsors', () => {
  it('lets owner, co-owner and super admin add, edit and delete; refuses everyone else', async () => {
    const cast = await eventWithCast(server);
    const create = (headers?: Headers) => server.send('POST', `/api/events/${cast.event.id}/sponsors`, headers, validSponsor());
    for (const who of [cast.owner, cast.coOwner, cast.admin]) expect((await create(who.headers)).status).toBe(201);
    await expectNothingWritten(
      () => sponsorsOf(cast.event.id),
      async () => {
        for (const who of [cast.volunteer, cast.attendee]) expect((await create(who.headers)).status).toBe(403);
        for (const who of [cast.otherOwner, cast.stranger]) expect((await create(who.headers)).status).toBe(404);
        expect((await create()).status).toBe(401);
      },
    );

    const sponsor = (await (await create(cast.owner.headers)).json()) as SponsorJson;
    expect(sponsor).toMatchObject({ companyName: 'Acme Robotics', tier: 'gold', contactEmail: 'sales@acme.example' });
    const update = (headers?: Headers) => server.send('PUT', `/api/sponsors/${sponsor.id}`, headers, validSponsor({ companyName: 'Acme 2', tier: 'platinum' }));
    await expectNothingWritten(
      () => sponsorsOf(cast.event.id),
      async () => {
        for (const who of [cast.volunteer, cast.attendee]) expect((await update(who.headers)).status).toBe(403);
        for (const who of [cast.otherOwner, cast.stranger]) {
          const refused = await update(who.headers);
          expect(refused.status).toBe(404);
          expect(await errorOf(refused)).toEqual({ code: 'not_found', message: 'Sponsor not found' });
        }
      },
    );
    const updated = await update(cast.coOwner.headers);
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ companyName: 'Acme 2', tier: 'platinum' });

    await expectNothingWritten(
      () => sponsorsOf(cast.event.id),
      async () => {
        for (const who of [cast.volunteer, cast.attendee]) expect((await server.send('DELETE', `/api/sponsors/${sponsor.id}`, who.headers)).status).toBe(403);
        expect((await server.send('DELETE', `/api/sponsors/${sponsor.id}`, cast.otherOwner.headers)).status).toBe(404);
      },
    );
    expect((await server.send('DELETE', `/api/sponsors/${sponsor.id}`, cast.owner.headers)).status).toBe(204);
    expect((await server.send('GET', `/api/sponsors/${sponsor.id}`, cast.owner.headers)).status).toBe(404);
  });

  it('answers each rule with the spec message; exhibitor is the default tier and any other tier is refused', async () => {
    const cast = await eventWithCast(server);
    const create = (patch: Record<string, unknown>) => server.send('POST', `/api/events/${cast.event.id}/sponsors`, cast.owner.headers, validSponsor(patch));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ companyName: '  ' }, 'Company name is required'],
      [{ companyName: 'x'.repeat(201) }, 'Must be less than 200 characters'],
      [{ logoUrl: 'not a url' }, 'Must be a valid URL'],
      [{ websiteUrl: 'javascript:alert(1)' }, 'Must be a valid URL'],
      [{ description: 'x'.repeat(2001) }, 'Description must be less than 2000 characters'],
      [{ contactEmail: 'nope' }, 'Must be a valid email'],
      [{ contactPhone: '1'.repeat(51) }, 'Phone must be less than 50 characters'],
      [{ boothNumber: 'x'.repeat(21) }, 'Booth number must be less than 20 characters'],
      [{ tier: 'diamond' }, 'Please choose a tier: platinum, gold, silver, bronze or exhibitor'],
    ];
    for (const [patch, message] of cases) {
      const response = await create(patch);
      expect(response.status, message).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    const minimal = await server.send('POST', `/api/events/${cast.event.id}/sponsors`, cast.owner.headers, { companyName: 'Tiny', logoUrl: '', contactEmail: '' });
    expect(minimal.status).toBe(201);
    expect(await minimal.json()).toMatchObject({ tier: 'exhibitor', logoUrl: null, contactEmail: null });
  });

  it('lists sponsors in tier order to participants, with contact details for organizers only', async () => {
    const cast = await eventWithCast(server);
    for (const [companyName, tier] of [['Zed', 'exhibitor'], ['Bee', 'silver'], ['Ace', 'platinum'], ['Cog', 'gold'], ['Dot', 'bronze']]) {
      await server.send('POST', `/api/events/${cast.event.id}/sponsors`, cast.owner.headers, validSponsor({ companyName, tier }));
    }
    const list = async (headers?: Headers) => server.request(`/api/events/${cast.event.id}/sponsors`, { headers });
    for (const who of [cast.otherOwner, cast.stranger]) expect((await list(who.headers)).status).toBe(404);
    const attendeeView = (await (await list(cast.attendee.headers)).json()) as { canManage: boolean; sponsors: SponsorJson[] };
    expect(attendeeView.sponsors.map((s) => s.tier)).toEqual(['platinum', 'gold', 'silver', 'bronze', 'exhibitor']);
    expect(attendeeView.canManage).toBe(false);
    expect(attendeeView.sponsors.every((s) => s.contactEmail === null && s.contactPhone === null)).toBe(true);
    const ownerView = (await (await list(cast.owner.headers)).json()) as { canManage: boolean; sponsors: SponsorJson[] };
    expect(ownerView.canManage).toBe(true);
    expect(ownerView.sponsors[0]!.contactEmail).toBe('sales@acme.example');
    const booth = (await (await server.request(`/api/sponsors/${ownerView.sponsors[0]!.id}`, { headers: cast.volunteer.headers })).json()) as {
      sponsor: SponsorJson;
    };
    expect(booth.sponsor.contactEmail).toBeNull();
  });

  it('stores an uploaded logo re-encoded and refuses a non-image', async () => {
    const { sponsor, event, owner, attendee } = await castWithSponsor();
    const upload = (body: Blob, name: string, headers: Headers) => {
      const form = new FormData();
      form.append('logo', body, name);
      return server.request(`/api/sponsors/${sponsor.id}/logo`, { method: 'PUT', body: form, headers: server.browserHeaders(headers) });
    };
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>';
    await expectNothingWritten(
      () => sponsorsOf(event.id),
      async () => expect((await upload(new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg', attendee.headers)).status).toBe(403),
    );
    const response = await upload(new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg', owner.headers);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { logoUrl: string }).logoUrl).toMatch(/^\/files\/sponsor-logos\/.+\.png$/);
    const refused = await upload(new Blob(['hello'], { type: 'image/png' }), 'x.png', owner.headers);
    expect(refused.status).toBe(415);
  });
});

describe('booths and leads', () => {
  it("shows the booth's contact details to the event's organizers only: creator, co-owners, super admins (decision 0109)", async () => {
    const { sponsor, owner, coOwner, admin, volunteer, attendee } = await castWithSponsor();
    const rep = await signedInUser(server);
    await server.ctx.db.insert(sponsorRepresentatives).values({ sponsorId: sponsor.id, userId: rep.user.id });
    const booth = async (headers: Headers) =>
      ((await (await server.request(`/api/sponsors/${sponsor.id}`, { headers })).json()) as { sponsor: SponsorJson }).sponsor;
    for (const who of [owner, coOwner, admin]) {
      expect(await booth(who.headers)).toMatchObject({ contactEmail: 'sales@acme.example', contactPhone: '+44 20 7946 0000' });
    }
    for (const who of [volunteer, attendee, rep]) expect(await booth(who.headers)).toMatchObject({ contactEmail: null, contactPhone: null });
    // A contact click comes only from those who see the details; a refused one writes nothing.
    const click = (headers: Headers) => server.send('POST', `/api/sponsors/${sponsor.id}/actions`, headers, { action: 'contact_click' });
    for (const who of [volunteer, rep]) expect((await click(who.headers)).status).toBe(403);
    const [clicks] = await server.ctx.db.select({ n: count() }).from(sponsorAnalytics).where(eq(sponsorAnalytics.sponsorId, sponsor.id));
    expect(clicks!.n).toBe(0);
    expect((await click(coOwner.headers)).status).toBe(204);
  });

  it('records visits (with an event booth_visit), website clicks, and contact clicks only from organizers', async () => {
    const { sponsor, event, owner, attendee, stranger } = await castWithSponsor();
    const act = (action: string, headers?: Headers) => server.send('POST', `/api/sponsors/${sponsor.id}/actions`, headers, { action });
    expect((await act('booth_visit', attendee.headers)).status).toBe(204);
    expect((await act('website_click', attendee.headers)).status).toBe(204);
    expect((await act('contact_click', attendee.headers)).status).toBe(403);
    expect((await act('contact_click', owner.headers)).status).toBe(204);
    expect((await act('booth_visit', stranger.headers)).status).toBe(404);
    expect((await act('teleport', attendee.headers)).status).toBe(400);
    const rows = await server.ctx.db.select().from(sponsorAnalytics).where(eq(sponsorAnalytics.sponsorId, sponsor.id));
    expect(rows.map((row) => row.actionType).sort()).toEqual(['booth_visit', 'contact_click', 'website_click']);
    const [metric] = await server.ctx.db
      .select({ n: count() })
      .from(eventAnalytics)
      .where(and(eq(eventAnalytics.eventId, event.id), eq(eventAnalytics.metricType, 'booth_visit')));
    expect(metric!.n).toBe(1);
  });

  it('creates the lead, lets the attendee update and withdraw it, and shows it as their own', async () => {
    const { sponsor, attendee, stranger } = await castWithSponsor();
    const submit = (body: unknown, headers?: Headers) => server.send('PUT', `/api/sponsors/${sponsor.id}/lead`, headers, body);
    await expectNothingWritten(
      () => leadsOf(sponsor.id),
      async () => {
        expect((await submit({}, stranger.headers)).status).toBe(404);
        expect((await submit({}, undefined)).status).toBe(401);
        expect((await submit({ interestLevel: 'extreme' }, attendee.headers)).status).toBe(400);
      },
    );
    const first = await submit({ notes: 'Keen on robots' }, attendee.headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ created: true, lead: { interestLevel: 'medium', notes: 'Keen on robots', contactRequested: false } });
    const second = await submit({ interestLevel: 'high', contactRequested: true, notes: '' }, attendee.headers);
    expect(await second.json()).toMatchObject({ created: false, lead: { interestLevel: 'high', notes: null, contactRequested: true } });
    const booth = (await (await server.request(`/api/sponsors/${sponsor.id}`, { headers: attendee.headers })).json()) as { myLead: { interestLevel: string } };
    expect(booth.myLead.interestLevel).toBe('high');

    const mine = (await (await server.request('/api/me/leads', { headers: attendee.headers })).json()) as { leads: Array<{ id: string; companyName: string }> };
    expect(mine.leads).toHaveLength(1);
    expect(mine.leads[0]!.companyName).toBe('Acme Robotics');
    await expectNothingWritten(
      () => leadsOf(sponsor.id),
      async () => expect((await server.send('DELETE', `/api/me/leads/${mine.leads[0]!.id}`, stranger.headers)).status).toBe(404),
    );
    expect((await server.send('DELETE', `/api/me/leads/${mine.leads[0]!.id}`, attendee.headers)).status).toBe(204);
    expect(((await (await server.request('/api/me/leads', { headers: attendee.headers })).json()) as { leads: unknown[] }).leads).toEqual([]);

    await submit({}, attendee.headers);
    expect((await server.send('DELETE', `/api/sponsors/${sponsor.id}/lead`, attendee.headers)).status).toBe(204);
    const [left] = await server.ctx.db.select({ n: count() }).from(sponsorLeads).where(eq(sponsorLeads.sponsorId, sponsor.id));
    expect(left!.n).toBe(0);
  });

  it("announces every booth action and lead change to the sponsor's dashboards, and leads to the event's Analytics", async () => {
    const { sponsor, event, attendee, stranger } = await castWithSponsor();
    const heard = { sponsor: 0, event: 0 };
    const stop = server.ctx.live.onMessage((message) => {
      if (message.topic === liveTopics.sponsorAnalytics(sponsor.id)) heard.sponsor += 1;
      if (message.topic === liveTopics.eventAnalytics(event.id)) heard.event += 1;
    });
    // Announcements are coalesced per topic (one at once, then at most one a second): each step waits for its own.
    const step = async (request: () => Promise<Response>, status: number, expected: { sponsor: number; event: number }) => {
      expect((await request()).status).toBe(status);
      await expect.poll(() => ({ ...heard }), { timeout: 5000 }).toEqual(expected);
    };
    await step(() => server.send('POST', `/api/sponsors/${sponsor.id}/actions`, attendee.headers, { action: 'website_click' }), 204, { sponsor: 1, event: 0 });
    await step(() => server.send('PUT', `/api/sponsors/${sponsor.id}/lead`, attendee.headers, { interestLevel: 'high' }), 200, { sponsor: 2, event: 1 });
    await step(() => server.send('DELETE', `/api/sponsors/${sponsor.id}/lead`, attendee.headers), 204, { sponsor: 3, event: 2 });
    // Refused or changing nothing: nothing announced.
    expect((await server.send('POST', `/api/sponsors/${sponsor.id}/actions`, stranger.headers, { action: 'website_click' })).status).toBe(404);
    expect((await server.send('DELETE', `/api/sponsors/${sponsor.id}/lead`, attendee.headers)).status).toBe(204);
    // Not polling: an absence has no moment to poll for; this waits past the one-second coalescing window instead.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(heard).toEqual({ sponsor: 3, event: 2 });
    stop();
  });

  it('leaves exactly one lead after 50 parallel submissions by one attendee', async () => {
    const { sponsor, attendee } = await castWithSponsor();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server.send('PUT', `/api/sponsors/${sponsor.id}/lead`, attendee.headers, { interestLevel: i % 2 ? 'high' : 'low', notes: `try ${i}` }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as Array<{ created: boolean }>;
    expect(bodies.filter((body) => body.created)).toHaveLength(1);
    const [leads] = await server.ctx.db.select({ n: count() }).from(sponsorLeads).where(eq(sponsorLeads.sponsorId, sponsor.id));
    expect(leads!.n).toBe(1);
  });
});

describe('sponsor dashboard', () => {
  it('is for the event staff, super admins and this sponsor’s representatives only', async () => {
    const cast = await castWithSponsor();
    const otherSponsor = (await (
      await server.send('POST', `/api/events/${cast.event.id}/sponsors`, cast.owner.headers, validSponsor({ companyName: 'Other' }))
    ).json()) as SponsorJson;
    const [rep, otherRep] = await Promise.all([signedInUser(server), signedInUser(server)]);
    await expectNothingWritten(
      async () => ({
        representatives: await server.ctx.db.select().from(sponsorRepresentatives).where(eq(sponsorRepresentatives.sponsorId, cast.sponsor.id)),
        invitations: await server.ctx.db.select().from(eventInvitations).where(eq(eventInvitations.email, rep.user.email)),
      }),
      async () => {
        const refused = await server.send('POST', `/api/sponsors/${cast.sponsor.id}/representatives`, cast.volunteer.headers, { email: rep.user.email });
        expect(refused.status).toBe(403);
      },
    );
    // Adding is an invitation (issue 16): the same answer for an account and for an address without one, and the
    // representation exists only once the person accepts.
    const added = await server.send('POST', `/api/sponsors/${cast.sponsor.id}/representatives`, cast.owner.headers, { email: rep.user.email.toUpperCase() });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ representatives: [], invitation: { email: rep.user.email, emailSent: true } });
    const missing = await server.send('POST', `/api/sponsors/${cast.sponsor.id}/representatives`, cast.owner.headers, { email: 'nobody-here@acme-test.com' });
    expect(missing.status).toBe(200);
    expect(await missing.json()).toEqual({ representatives: [], invitation: { email: 'nobody-here@acme-test.com', emailSent: true } });
    await server.send('POST', `/api/sponsors/${otherSponsor.id}/representatives`, cast.owner.headers, { email: otherRep.user.email });
    for (const who of [rep, otherRep]) {
      const mine = (await (await server.send('GET', '/api/me/invitations', who.headers)).json()) as { invitations: Array<{ id: string; role: string }> };
      expect(mine.invitations).toEqual([expect.objectContaining({ role: 'sponsor_representative' })]);
      expect((await server.send('POST', `/api/me/invitations/${mine.invitations[0]!.id}/accept`, who.headers)).status).toBe(200);
    }
    const listed = (await (await server.send('GET', `/api/sponsors/${cast.sponsor.id}/representatives`, cast.owner.headers)).json()) as { representatives: Array<{ email: string }> };
    expect(listed.representatives.map((r) => r.email)).toEqual([rep.user.email]);

    const dashboard = (headers?: Headers) => server.request(`/api/sponsors/${cast.sponsor.id}/dashboard`, { headers });
    for (const who of [cast.owner, cast.coOwner, cast.volunteer, cast.admin, rep]) expect((await dashboard(who.headers)).status).toBe(200);
    for (const who of [cast.attendee, otherRep]) {
      const refused = await dashboard(who.headers);
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toEqual({ code: 'forbidden', message: "You don't have permission to access sponsor dashboards" });
    }
    for (const who of [cast.otherOwner, cast.stranger]) expect((await dashboard(who.headers)).status).toBe(404);
    expect((await dashboard()).status).toBe(401);
    // A representative sees their sponsor's booth and leads, and nothing of the other sponsor's.
    expect((await server.request(`/api/sponsors/${cast.sponsor.id}/leads`, { headers: rep.headers })).status).toBe(200);
    expect((await server.request(`/api/sponsors/${otherSponsor.id}/leads`, { headers: rep.headers })).status).toBe(403);
    expect((await server.request(`/api/sponsors/${otherSponsor.id}/leads.csv`, { headers: rep.headers })).status).toBe(403);

    expect((await server.send('DELETE', `/api/sponsors/${cast.sponsor.id}/representatives/${rep.user.id}`, cast.owner.headers)).status).toBe(204);
    const [left] = await server.ctx.db.select({ n: count() }).from(sponsorRepresentatives).where(eq(sponsorRepresentatives.sponsorId, cast.sponsor.id));
    expect(left!.n).toBe(0);
  });

  it('never shows an organizer the leads of another event’s sponsors', async () => {
    const cast = await castWithSponsor();
    await server.send('PUT', `/api/sponsors/${cast.sponsor.id}/lead`, cast.attendee.headers, { contactRequested: true });
    for (const path of ['dashboard', 'leads', 'leads.csv']) {
      const response = await server.request(`/api/sponsors/${cast.sponsor.id}/${path}`, { headers: cast.otherOwner.headers });
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain(cast.attendee.user.email);
    }
    const cards = (await (await server.request('/api/sponsors', { headers: cast.otherOwner.headers })).json()) as { sponsors: SponsorJson[] };
    expect(cards.sponsors.map((s) => s.id)).not.toContain(cast.sponsor.id);
    const mine = (await (await server.request('/api/sponsors', { headers: cast.attendee.headers })).json()) as { sponsors: Array<{ id: string; eventName: string }> };
    expect(mine.sponsors.find((s) => s.id === cast.sponsor.id)?.eventName).toBe(cast.event.name);
  });

  it('counts in SQL, pages leads newest first by tab, and shares the email only on a contact request', async () => {
    const cast = await castWithSponsor();
    const visitors = await Promise.all(Array.from({ length: 5 }, () => signedInUser(server)));
    for (const [i, visitor] of visitors.entries()) {
      await addAttendee(server.ctx, cast.event.id, visitor.user.id);
      await server.send('POST', `/api/sponsors/${cast.sponsor.id}/actions`, visitor.headers, { action: 'booth_visit' });
      await server.send('PUT', `/api/sponsors/${cast.sponsor.id}/lead`, visitor.headers, {
        interestLevel: i < 2 ? 'high' : 'low',
        contactRequested: i === 0,
      });
      await server.ctx.db
        .update(sponsorLeads)
        .set({ visitedAt: new Date(cast.event.startDate.getTime() + i * 60_000) })
        .where(and(eq(sponsorLeads.sponsorId, cast.sponsor.id), eq(sponsorLeads.userId, visitor.user.id)));
    }
    await server.send('POST', `/api/sponsors/${cast.sponsor.id}/actions`, visitors[0]!.headers, { action: 'booth_visit' });
    await server.send('POST', `/api/sponsors/${cast.sponsor.id}/actions`, visitors[1]!.headers, { action: 'website_click' });
    const body = (await (await server.request(`/api/sponsors/${cast.sponsor.id}/dashboard`, { headers: cast.owner.headers })).json()) as {
      stats: Record<string, number>;
      daily: Array<{ date: string; visits: number; leads: number }>;
    };
    expect(body.stats).toEqual({ boothVisits: 6, uniqueVisitors: 5, websiteClicks: 1, contactClicks: 0, leads: 5, highInterest: 2, contactRequests: 1 });
    expect(body.daily.reduce((sum, day) => sum + day.visits, 0)).toBe(6);
    expect(body.daily.reduce((sum, day) => sum + day.leads, 0)).toBe(5);

    const page1 = (await (await server.request(`/api/sponsors/${cast.sponsor.id}/leads?limit=2`, { headers: cast.owner.headers })).json()) as {
      leads: Array<{ userId: string; email: string | null }>;
      nextCursor: string;
    };
    expect(page1.leads.map((lead) => lead.userId)).toEqual([visitors[4]!.user.id, visitors[3]!.user.id]);
    const page2 = (await (
      await server.request(`/api/sponsors/${cast.sponsor.id}/leads?limit=2&cursor=${page1.nextCursor}`, { headers: cast.owner.headers })
    ).json()) as { leads: Array<{ userId: string }>; nextCursor: string | null };
    expect(page2.leads.map((lead) => lead.userId)).toEqual([visitors[2]!.user.id, visitors[1]!.user.id]);
    expect((await server.request(`/api/sponsors/${cast.sponsor.id}/leads?cursor=garbage`, { headers: cast.owner.headers })).status).toBe(400);

    const high = (await (await server.request(`/api/sponsors/${cast.sponsor.id}/leads?filter=high`, { headers: cast.owner.headers })).json()) as {
      leads: Array<{ userId: string }>;
    };
    expect(high.leads.map((lead) => lead.userId)).toEqual([visitors[1]!.user.id, visitors[0]!.user.id]);
    const contact = (await (await server.request(`/api/sponsors/${cast.sponsor.id}/leads?filter=contact`, { headers: cast.owner.headers })).json()) as {
      leads: Array<{ userId: string; email: string | null }>;
    };
    expect(contact.leads).toMatchObject([{ userId: visitors[0]!.user.id, email: visitors[0]!.user.email }]);
    expect(page1.leads.every((lead) => lead.email === null)).toBe(true);
  });

  it('exports the leads as CSV a spreadsheet opens, with formulas neutralised', async () => {
    const cast = await castWithSponsor();
    await server.ctx.db
      .update(profiles)
      .set({ companyOrInstitution: "=cmd|' /C calc'!A0", jobTitle: '+Head, "Sales"', selectedInterests: ['AI', '@risk'] })
      .where(eq(profiles.id, cast.attendee.user.id));
    await server.send('PUT', `/api/sponsors/${cast.sponsor.id}/lead`, cast.attendee.headers, {
      interestLevel: 'high',
      contactRequested: true,
      notes: 'line one\nline two, "quoted"',
    });
    const response = await server.request(`/api/sponsors/${cast.sponsor.id}/leads.csv`, { headers: cast.volunteer.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="acme-robotics-leads.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 byte-order mark
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFF"Name","Email","Company","Job Title","Interests","Interest Level","Notes","Contact Requested","Visited At (UTC)"\r\n')).toBe(
      true,
    );
    const row = text.split('\r\n')[1]!;
    expect(row).toContain(`"${cast.attendee.user.email}"`);
    expect(row).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(row).toContain(`"'+Head, ""Sales"""`);
    expect(row).toContain('"AI; @risk"');
    expect(text).toContain('"line one\nline two, ""quoted"""');
    expect(row).toContain('"High"');
    expect(row).toContain('"Yes"');
    expect((await server.request(`/api/sponsors/${cast.sponsor.id}/leads.csv`, { headers: cast.attendee.headers })).status).toBe(403);
  });
});

describe('csv cells', () => {
  it('prefixes formula starters and quotes per RFC 4180', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    expect(csvCell(null)).toBe('""');
    expect(leadsCsv([]).endsWith('\r\n')).toBe(true);
  });

  it('keeps deleting an event from leaving sponsor rows behind', async () => {
    const owner = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id);
    await server.send('POST', `/api/events/${event.id}/sponsors`, owner.headers, validSponsor());
    expect((await server.send('DELETE', `/api/events/${event.id}`, owner.headers)).status).toBe(204);
    const [left] = await server.ctx.db.select({ n: count() }).from(sponsors).where(eq(sponsors.eventId, event.id));
    expect(left!.n).toBe(0);
  });
});
