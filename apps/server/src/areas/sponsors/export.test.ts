import { describe, expect, it } from 'vitest';
import { sponsorAnalytics } from '../../platform/db/schema/analytics.ts';
import { sponsorLeads, sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { eventWithCast } from '../../test/event-factories.ts';
import { byHeader, expectExportRefused, readCsv } from '../../test/csv.ts';
import { createUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';
import { SPONSORS_CSV_HEADER } from './export.ts';

const server = useTestServer();

describe('the sponsors export', () => {
  it('lists the sponsors by tier with their representatives, leads and booth figures, formula-safe, for organizers only', async () => {
    const cast = await eventWithCast(server);
    const { event } = cast;
    const [bronze, gold] = await server.ctx.db
      .insert(sponsors)
      .values([
        { eventId: event.id, companyName: '@Evil Corp', tier: 'bronze' },
        { eventId: event.id, companyName: 'Acme Robotics', tier: 'gold', boothNumber: 'B12', websiteUrl: 'https://acme.example', contactEmail: 'hi@acme.example' },
      ])
      .returning();
    const [rep, visitor, other] = await Promise.all([createUser(server.ctx), createUser(server.ctx), createUser(server.ctx)]);
    await server.ctx.db.insert(sponsorRepresentatives).values({ sponsorId: gold!.id, userId: rep.id });
    await server.ctx.db.insert(sponsorLeads).values([
      { sponsorId: gold!.id, eventId: event.id, userId: visitor.id, contactRequested: true },
      { sponsorId: gold!.id, eventId: event.id, userId: other.id },
    ]);
    await server.ctx.db.insert(sponsorAnalytics).values([
      { sponsorId: gold!.id, eventId: event.id, userId: visitor.id, actionType: 'booth_visit' },
      { sponsorId: gold!.id, eventId: event.id, userId: other.id, actionType: 'booth_visit' },
      { sponsorId: gold!.id, eventId: event.id, userId: visitor.id, actionType: 'website_click' },
      { sponsorId: bronze!.id, eventId: event.id, userId: visitor.id, actionType: 'contact_click' },
    ]);
    const path = `/api/events/${event.id}/sponsors.csv`;
    const rows = await readCsv(await server.send('GET', path, cast.owner.headers), `${event.slug}-sponsors.csv`);
    expect(rows[0]).toEqual(SPONSORS_CSV_HEADER);
    expect(byHeader(rows)).toEqual([
      {
        Company: 'Acme Robotics',
        Tier: 'Gold',
        Booth: 'B12',
        Website: 'https://acme.example',
        'Contact Email': 'hi@acme.example',
        Representatives: '1',
        Leads: '2',
        'Leads Asking to Be Contacted': '1',
        'Booth Visits': '2',
        'Website Clicks': '1',
        'Contact Clicks': '0',
      },
      {
        Company: "'@Evil Corp",
        Tier: 'Bronze',
        Booth: '',
        Website: '',
        'Contact Email': '',
        Representatives: '0',
        Leads: '0',
        'Leads Asking to Be Contacted': '0',
        'Booth Visits': '0',
        'Website Clicks': '0',
        'Contact Clicks': '1',
      },
    ]);
    expect((await server.send('GET', path, cast.coOwner.headers)).status).toBe(200);
    await expectExportRefused(server, path, [cast.otherOwner, cast.attendee, cast.volunteer, cast.stranger]);
  });
});
