import { sql } from 'drizzle-orm';
import type { Page } from '@mingle/shared/core/pagination';
import type { CheckInEntryDto, CheckInPointDto, RosterDto } from '@mingle/shared/check-in/contract';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { selectRows } from '../../platform/db/client.ts';
import { newestFirst, PAGE_SIZE } from '../../platform/http/keyset.ts';
import { badgeToken, scanCodeHash } from '../badges/index.ts';
import { recordColumns, recordOf, recordSource, type RecordRow } from './records.ts';
import { assertDoorStaff } from './service.ts';

// What the door's staff read: the roster a phone keeps for working offline, and the recent check-ins with undo.

/** The event's check-in points in order. */
export async function pointsOf(ctx: AppContext, eventId: string): Promise<CheckInPointDto[]> {
  return selectRows<CheckInPointDto>(ctx.db, sql`select id, name from check_in_points where event_id = ${eventId}::uuid order by position, id`);
}

interface RosterRow {
  userId: string;
  fullName: string;
  company: string | null;
  qrHash: string | null;
  checkIns: Array<{ pointId: string | null; at: string; byName: string | null }>;
}

/**
 * Everyone holding a place, by name, with what a door phone needs to recognise and admit them offline: the SHA-256
 * of their badge code and of their personal QR while it is valid (a hash cannot be turned back into a code), and their
 * active check-ins. No email, no answers, nothing else (issue 20: "names and the check codes it needs").
 */
export async function roster(ctx: AppContext, caller: Caller, eventId: string): Promise<RosterDto> {
  await assertDoorStaff(ctx, caller, eventId);
  const [points, rows, [now]] = await Promise.all([
    pointsOf(ctx, eventId),
    selectRows<RosterRow>(
      ctx.db,
      sql`select a.user_id as "userId", coalesce(p.full_name, u.name) as "fullName", p.company_or_institution as "company",
                 case when p.qr_token_expires_at > now() then p.qr_token_hash end as "qrHash",
                 coalesce((select json_agg(json_build_object('pointId', c.point_id, 'at', c.checked_in_at, 'byName', bp.full_name) order by c.checked_in_at)
                           from check_ins c left join profiles bp on bp.id = c.checked_in_by
                           where c.event_id = a.event_id and c.user_id = a.user_id and c.undone_at is null), '[]'::json) as "checkIns"
          from event_attendees a
          join auth_users u on u.id = a.user_id
          left join profiles p on p.id = a.user_id
          where a.event_id = ${eventId}::uuid
          order by lower(coalesce(p.full_name, u.name)), a.user_id`,
    ),
    selectRows<{ at: Date | string }>(ctx.db, sql`select now() as at`),
  ]);
  return {
    eventId,
    points,
    people: rows.map((row) => ({
      userId: row.userId,
      fullName: row.fullName,
      company: row.company,
      codes: [scanCodeHash(badgeToken(ctx.config.authSecret, eventId, row.userId)), ...(row.qrHash ? [row.qrHash] : [])],
      checkIns: row.checkIns.map((checkIn) => ({ ...checkIn, at: new Date(checkIn.at).toISOString() })),
    })),
    generatedAt: new Date(now!.at).toISOString(),
  };
}

/** The event's check-ins newest first, undone ones too (who undid them, when), paged by (time, id). */
export async function recentCheckIns(ctx: AppContext, caller: Caller, eventId: string, cursor: string | undefined): Promise<Page<CheckInEntryDto>> {
  await assertDoorStaff(ctx, caller, eventId);
  const keys = newestFirst(sql`c.checked_in_at`, sql`c.id`, cursor);
  const rows = await selectRows<RecordRow & { userId: string; fullName: string; company: string | null; key: string }>(
    ctx.db,
    sql`select ${recordColumns}, c.user_id as "userId", coalesce(p.full_name, u.name) as "fullName", p.company_or_institution as "company", ${keys.key} as "key"
        from ${recordSource}
        join auth_users u on u.id = c.user_id
        left join profiles p on p.id = c.user_id
        where c.event_id = ${eventId}::uuid and ${keys.where ?? sql`true`}
        order by ${sql.join(keys.orderBy, sql`, `)}
        limit ${PAGE_SIZE + 1}`,
  );
  const { items, nextCursor } = keys.page(rows, PAGE_SIZE);
  return {
    items: items.map((row) => ({ ...recordOf(row, caller.userId), person: { userId: row.userId, fullName: row.fullName, company: row.company } })),
    nextCursor,
  };
}
