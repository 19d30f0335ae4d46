import { eq, sql } from 'drizzle-orm';
import { liveTopics } from '@mingle/shared/core/live';
import type { CheckInSettingsDto, CheckInSummaryDto } from '@mingle/shared/check-in/contract';
import { POINT_IN_USE_MESSAGE, POINT_UNKNOWN_MESSAGE, type checkInSettingsInputSchema } from '@mingle/shared/check-in/inputs';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { selectRows } from '../../platform/db/client.ts';
import { events } from '../../platform/db/schema/events.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import { assertEventPermission, canManageEvent, loadEventRelation } from '../event-access/index.ts';
import { pointsOf } from './door-lists.ts';
import { checkedInCount, registeredCount } from './figures.ts';
import { assertDoorStaff, CHECK_INS_CHANGED_KIND } from './service.ts';

// The organizers' side of the door: its points and the goodie rule, and the figures of who came in.

async function assertManages(ctx: AppContext, caller: Caller, eventId: string) {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
}

/** The points and the goodie rule (the door's staff read them to choose where they stand). */
export async function getSettings(ctx: AppContext, caller: Caller, eventId: string): Promise<CheckInSettingsDto> {
  await assertDoorStaff(ctx, caller, eventId);
  const [points, [event]] = await Promise.all([
    pointsOf(ctx, eventId),
    ctx.db.select({ goodiesRequireCheckIn: events.goodiesRequireCheckIn }).from(events).where(eq(events.id, eventId)),
  ]);
  return { points, goodiesRequireCheckIn: event!.goodiesRequireCheckIn };
}

/**
 * Replaces the points (kept by id and renamed, new without one, removed when left out) and the goodie rule, in one
 * transaction under the event row's lock, so two organizers saving at once apply one after the other. A point that
 * has check-ins, undone ones too, stays: its history is the door's record.
 */
export async function saveSettings(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  input: z.output<typeof checkInSettingsInputSchema>,
): Promise<CheckInSettingsDto> {
  await assertManages(ctx, caller, eventId);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from events where id = ${eventId}::uuid for update`);
    const existing = await selectRows<{ id: string; used: boolean }>(
      tx,
      sql`select p.id, exists (select 1 from check_ins c where c.point_id = p.id) as used from check_in_points p where p.event_id = ${eventId}::uuid`,
    );
    const known = new Map(existing.map((point) => [point.id, point.used]));
    const kept = new Set(input.points.flatMap((point) => (point.id ? [point.id] : [])));
    if ([...kept].some((id) => !known.has(id))) throw badRequest(POINT_UNKNOWN_MESSAGE, 'point_unknown');
    const removed = existing.filter((point) => !kept.has(point.id));
    if (removed.some((point) => point.used)) throw conflict(POINT_IN_USE_MESSAGE, 'point_in_use');
    for (const point of removed) await tx.execute(sql`delete from check_in_points where id = ${point.id}::uuid`);
    // Renames go through a temporary name first, so swapping two names never meets the unique name index half way.
    for (const point of input.points) {
      if (point.id) await tx.execute(sql`update check_in_points set name = ${`\u0001${point.id}`} where id = ${point.id}::uuid`);
    }
    for (const [position, point] of input.points.entries()) {
      if (point.id) await tx.execute(sql`update check_in_points set name = ${point.name}, position = ${position} where id = ${point.id}::uuid`);
      else await tx.execute(sql`insert into check_in_points (event_id, name, position) values (${eventId}::uuid, ${point.name}, ${position})`);
    }
    await tx.update(events).set({ goodiesRequireCheckIn: input.goodiesRequireCheckIn }).where(eq(events.id, eventId));
    await ctx.live.publish(liveTopics.eventAnalytics(eventId), { kind: CHECK_INS_CHANGED_KIND }, tx);
  });
  return getSettings(ctx, caller, eventId);
}

/**
 * The door's figures for the organizers: people checked in anywhere of those holding a place (a person undone and
 * checked in again counts once; someone who gave up their place since no longer counts), per point, and the
 * check-ins of each quarter hour.
 */
export async function checkInSummary(ctx: AppContext, caller: Caller, eventId: string): Promise<CheckInSummaryDto> {
  await assertManages(ctx, caller, eventId);
  const [[totals], points, timeline] = await Promise.all([
    selectRows<{ registered: number; checkedIn: number }>(
      ctx.db,
      sql`select ${registeredCount(sql`${eventId}::uuid`)} as registered, ${checkedInCount(sql`${eventId}::uuid`)} as "checkedIn"`,
    ),
    selectRows<{ pointId: string | null; name: string | null; checkedIn: number }>(
      ctx.db,
      sql`select p.id as "pointId", p.name, count(c.id)::int as "checkedIn"
          from check_in_points p
          left join check_ins c on c.point_id = p.id and c.undone_at is null
            and exists (select 1 from event_attendees a where a.event_id = c.event_id and a.user_id = c.user_id)
          where p.event_id = ${eventId}::uuid group by p.id, p.name, p.position order by p.position, p.id`,
    ),
    selectRows<{ at: Date | string; count: number }>(
      ctx.db,
      sql`select date_bin('15 minutes', checked_in_at, timestamptz '2000-01-01') as at, count(*)::int as count
          from check_ins where event_id = ${eventId}::uuid and undone_at is null group by 1 order by 1`,
    ),
  ]);
  return {
    registered: totals!.registered,
    checkedIn: totals!.checkedIn,
    points,
    timeline: timeline.map((row) => ({ at: new Date(row.at).toISOString(), count: row.count })),
  };
}
