import { sql } from 'drizzle-orm';
import { SESSION_TYPE_LABELS, type SessionType } from '@mingle/shared/core/constants';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { selectRows } from '../../platform/db/client.ts';
import { sessionBookmarks, sessions } from '../../platform/db/schema/agenda.ts';
import { csvFile, csvTime } from '../../platform/http/csv.ts';
import { assertEventPermission, canManageEvent, loadEventWithRelation } from '../event-access/index.ts';

// The agenda as a CSV file for the organizers (decision 0172): each session's times in its own zone (as the
// agenda shows them) and in UTC (for another system), with how many bookmarked it and how many checked in.

export const SESSIONS_CSV_HEADER = [
  'Title',
  'Type',
  'Tracks',
  'Starts (Local)',
  'Ends (Local)',
  'Time Zone',
  'Starts (UTC)',
  'Ends (UTC)',
  'Location',
  'Speaker',
  'Host',
  'Capacity',
  'Bookmarks',
  'Checked In',
];

type Row = {
  title: string;
  type: SessionType;
  tags: string[];
  localStart: string;
  localEnd: string;
  zone: string;
  start: string;
  end: string;
  location: string | null;
  speaker: string | null;
  host: string | null;
  capacity: number | null;
  bookmarks: number;
  checkedIn: number;
};

/** The event's sessions by start time as CSV (organizers), and the file's name. */
export async function sessionsCsv(ctx: AppContext, caller: Caller, eventId: string): Promise<{ fileName: string; csv: string }> {
  const found = await loadEventWithRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, found?.relation ?? null, canManageEvent);
  const rows = await selectRows<Row>(
    ctx.db,
    sql`select s."title", s."session_type" as "type", s."tags",
               ${csvTime(sql`s."start_time"`, sql`s."timezone"`)} as "localStart", ${csvTime(sql`s."end_time"`, sql`s."timezone"`)} as "localEnd",
               s."timezone" as "zone", ${csvTime(sql`s."start_time"`)} as "start", ${csvTime(sql`s."end_time"`)} as "end",
               s."location", s."speaker_name" as "speaker", s."host_name" as "host", s."max_capacity" as "capacity",
               (select count(*)::int from ${sessionBookmarks} b where b."session_id" = s."id") as "bookmarks",
               s."checked_in_count" as "checkedIn"
        from ${sessions} s
        where s."event_id" = ${eventId}::uuid
        order by s."start_time", s."id"`,
  );
  const csv = csvFile([
    SESSIONS_CSV_HEADER,
    ...rows.map((row) => [
      row.title,
      SESSION_TYPE_LABELS[row.type],
      row.tags.join('; '),
      row.localStart,
      row.localEnd,
      row.zone,
      row.start,
      row.end,
      row.location,
      row.speaker,
      row.host,
      row.capacity,
      row.bookmarks,
      row.checkedIn,
    ]),
  ]);
  return { fileName: `${found!.row.slug}-sessions.csv`, csv };
}
