import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { selectRows } from '../../platform/db/client.ts';
import { checkInPoints, checkIns } from '../../platform/db/schema/check-in.ts';
import { csvFile, csvTime } from '../../platform/http/csv.ts';
import { assertEventPermission, canManageEvent, loadEventWithRelation } from '../event-access/index.ts';

// Every check-in at the door as a CSV file for the organizers (decision 0172): undone ones too, with when and by
// whom, because the file is the door's audit trail; the registrations export already says who is in now.

export const CHECK_IN_CSV_HEADER = [
  'Name',
  'Email',
  'Check-in Point',
  'Checked In At (UTC)',
  'Checked In By',
  'Undone At (UTC)',
  'Undone By',
];

type Row = { name: string; email: string; point: string; at: string; by: string | null; undoneAt: string | null; undoneBy: string | null };

/** The event's check-ins, oldest first, as CSV (organizers), and the file's name. */
export async function checkInsCsv(ctx: AppContext, caller: Caller, eventId: string): Promise<{ fileName: string; csv: string }> {
  const found = await loadEventWithRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, found?.relation ?? null, canManageEvent);
  const nameOf = (userId: string) => sql.raw(`coalesce(${userId}p."full_name", ${userId}u."name")`);
  const rows = await selectRows<Row>(
    ctx.db,
    sql`select coalesce(p."full_name", u."name") as "name", u."email" as "email", coalesce(cp."name", 'Door') as "point",
               ${csvTime(sql`c."checked_in_at"`)} as "at", ${nameOf('by')} as "by",
               ${csvTime(sql`c."undone_at"`)} as "undoneAt", ${nameOf('undo')} as "undoneBy"
        from ${checkIns} c
        join auth_users u on u."id" = c."user_id" left join profiles p on p."id" = c."user_id"
        left join ${checkInPoints} cp on cp."id" = c."point_id"
        left join auth_users byu on byu."id" = c."checked_in_by" left join profiles byp on byp."id" = c."checked_in_by"
        left join auth_users undou on undou."id" = c."undone_by" left join profiles undop on undop."id" = c."undone_by"
        where c."event_id" = ${eventId}::uuid
        order by c."checked_in_at", c."id"`,
  );
  const csv = csvFile([CHECK_IN_CSV_HEADER, ...rows.map((row) => [row.name, row.email, row.point, row.at, row.by, row.undoneAt, row.undoneBy])]);
  return { fileName: `${found!.row.slug}-check-ins.csv`, csv };
}
