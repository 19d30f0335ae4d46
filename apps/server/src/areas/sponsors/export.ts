import { sql } from 'drizzle-orm';
import { SPONSOR_TIER_LABELS, SPONSOR_TIER_ORDER, type SponsorTier } from '@mingle/shared/core/constants';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { selectRows } from '../../platform/db/client.ts';
import { sponsorAnalytics } from '../../platform/db/schema/analytics.ts';
import { sponsorLeads, sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { csvFile } from '../../platform/http/csv.ts';
import { assertEventPermission, canManageEvent, loadEventWithRelation } from '../event-access/index.ts';

// The event's sponsors with their figures as a CSV file for the organizers (decision 0172): counts only; the leads
// themselves stay with each sponsor (their own leads.csv), as they are the sponsor's contacts.

export const SPONSORS_CSV_HEADER = [
  'Company',
  'Tier',
  'Booth',
  'Website',
  'Contact Email',
  'Representatives',
  'Leads',
  'Leads Asking to Be Contacted',
  'Booth Visits',
  'Website Clicks',
  'Contact Clicks',
];

type Row = {
  company: string;
  tier: SponsorTier;
  booth: string | null;
  website: string | null;
  email: string | null;
  representatives: number;
  leads: number;
  contactRequested: number;
  visits: number;
  websiteClicks: number;
  contactClicks: number;
};

/** The event's sponsors by tier then name, with their counts, as CSV (organizers), and the file's name. */
export async function sponsorsCsv(ctx: AppContext, caller: Caller, eventId: string): Promise<{ fileName: string; csv: string }> {
  const found = await loadEventWithRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, found?.relation ?? null, canManageEvent);
  const action = (type: string) => sql`count(*) filter (where a."action_type" = ${type})::int`;
  const rows = await selectRows<Row>(
    ctx.db,
    sql`select s."company_name" as "company", s."tier", s."booth_number" as "booth", s."website_url" as "website", s."contact_email" as "email",
               (select count(*)::int from ${sponsorRepresentatives} r where r."sponsor_id" = s."id") as "representatives",
               l."leads", l."contactRequested", a."visits", a."websiteClicks", a."contactClicks"
        from ${sponsors} s
        cross join lateral (select count(*)::int as "leads", (count(*) filter (where l."contact_requested"))::int as "contactRequested"
                            from ${sponsorLeads} l where l."sponsor_id" = s."id") l
        cross join lateral (select ${action('booth_visit')} as "visits", ${action('website_click')} as "websiteClicks", ${action('contact_click')} as "contactClicks"
                            from ${sponsorAnalytics} a where a."sponsor_id" = s."id") a
        where s."event_id" = ${eventId}::uuid`,
  );
  rows.sort((a, b) => SPONSOR_TIER_ORDER[a.tier] - SPONSOR_TIER_ORDER[b.tier] || a.company.localeCompare(b.company));
  const csv = csvFile([
    SPONSORS_CSV_HEADER,
    ...rows.map((row) => [
      row.company,
      SPONSOR_TIER_LABELS[row.tier],
      row.booth,
      row.website,
      row.email,
      row.representatives,
      row.leads,
      row.contactRequested,
      row.visits,
      row.websiteClicks,
      row.contactClicks,
    ]),
  ]);
  return { fileName: `${found!.row.slug}-sponsors.csv`, csv };
}
