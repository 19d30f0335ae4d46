import { eq, sql } from 'drizzle-orm';
import { engagementRate } from '@mingle/shared/domain/engagement';
import type { EventAnalyticsDto } from '@mingle/shared/analytics/contract';
import { SESSION_NOT_FOUND_MESSAGE } from '@mingle/shared/qa/inputs';
import type { Caller } from '../../platform/auth/caller.ts';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../platform/db/client.ts';
import { sessionBookmarks, sessions } from '../../platform/db/schema/agenda.ts';
import { eventAnalytics, sponsorAnalytics } from '../../platform/db/schema/analytics.ts';
import { events } from '../../platform/db/schema/events.ts';
import { sponsorLeads, sponsors } from '../../platform/db/schema/sponsors.ts';
import { notFound } from '../../platform/http/errors.ts';
import { recordEventMetric } from './record.ts';
import { assertEventPermission, canManageEvent, canParticipate, eventIdOfSession, loadEventRelation } from '../event-access/index.ts';
import { msg } from '@mingle/shared/core/messages';

/** Event Analytics: the event's owner, co-owners and super admins (volunteers and attendees: 403; others: 404). */
export async function getEventAnalytics(ctx: AppContext, caller: Caller, eventId: string): Promise<EventAnalyticsDto> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  const [[event], counts, daily, sessionRows, sponsorRows] = await Promise.all([
    ctx.db.select({ id: events.id, name: events.name, startDate: events.startDate, endDate: events.endDate }).from(events).where(eq(events.id, eventId)),
    selectRows<{ metric: string; n: number }>(
      ctx.db,
      sql`select metric_type as metric, count(*)::int as n from ${eventAnalytics} where event_id = ${eventId}::uuid group by metric_type`,
    ),
    selectRows<{ date: string; metric: string; n: number }>(
      ctx.db,
      sql`select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as date, metric_type as metric, count(*)::int as n
          from ${eventAnalytics} where event_id = ${eventId}::uuid group by 1, 2 order by 1`,
    ),
    selectRows<{ id: string; title: string; views: number; bookmarks: number }>(
      ctx.db,
      sql`select s.id, s.title,
            (select count(*)::int from ${eventAnalytics} a where a.event_id = s.event_id and a.metric_type = 'session_view' and a.details->>'sessionId' = s.id::text) as views,
            (select count(*)::int from ${sessionBookmarks} b where b.session_id = s.id) as bookmarks
          from ${sessions} s where s.event_id = ${eventId}::uuid`,
    ),
    selectRows<{ id: string; companyName: string; boothVisits: number; leads: number }>(
      ctx.db,
      sql`select sp.id, sp.company_name as "companyName",
            (select count(*)::int from ${sponsorAnalytics} sa where sa.sponsor_id = sp.id and sa.action_type = 'booth_visit') as "boothVisits",
            (select count(*)::int from ${sponsorLeads} l where l.sponsor_id = sp.id) as leads
          from ${sponsors} sp where sp.event_id = ${eventId}::uuid order by 3 desc, 2`,
    ),
  ]);
  if (!event) throw notFound(msg('Event not found'));
  const count = (metric: string) => Number(counts.find((row) => row.metric === metric)?.n ?? 0);
  const registrations = count('registration');
  const engagements = count('engagement');
  const days = new Map<string, EventAnalyticsDto['daily'][number]>();
  for (const row of daily) {
    const day = days.get(row.date) ?? { date: row.date, registrations: 0, pageViews: 0, sessionViews: 0, boothVisits: 0, meetingRequests: 0, engagements: 0 };
    const n = Number(row.n);
    if (row.metric === 'registration') day.registrations += n;
    else if (row.metric === 'page_view') day.pageViews += n;
    else if (row.metric === 'session_view') day.sessionViews += n;
    else if (row.metric === 'booth_visit') day.boothVisits += n;
    else if (row.metric === 'meeting_request') day.meetingRequests += n;
    else if (row.metric === 'engagement') day.engagements += n;
    days.set(row.date, day);
  }
  const byViews = [...sessionRows].sort((a, b) => b.views - a.views || b.bookmarks - a.bookmarks || a.title.localeCompare(b.title));
  return {
    event: { ...event, startDate: event.startDate.toISOString(), endDate: event.endDate.toISOString() },
    metrics: {
      registrations,
      pageViews: count('page_view'),
      sessionViews: count('session_view'),
      boothVisits: count('booth_visit'),
      meetingRequests: count('meeting_request'),
      engagements,
      engagementRate: engagementRate(engagements, registrations),
    },
    daily: [...days.values()],
    sessions: byViews.map((row) => ({ ...row, views: Number(row.views), bookmarks: Number(row.bookmarks) })),
    sponsors: sponsorRows.map((row) => ({ ...row, boothVisits: Number(row.boothVisits), leads: Number(row.leads) })),
  };
}

/** A session opened (its Q&A page): one session_view row, for the event's participants. */
export async function recordSessionView(ctx: AppContext, caller: Caller, sessionId: string): Promise<void> {
  const eventId = await eventIdOfSession(ctx.db, sessionId);
  const relation = eventId ? await loadEventRelation(ctx.db, caller, eventId) : null;
  assertEventPermission(caller, relation, canParticipate, SESSION_NOT_FOUND_MESSAGE);
  await recordEventMetric(ctx, { eventId: eventId!, metricType: 'session_view', userId: caller.userId, details: { sessionId } });
}
