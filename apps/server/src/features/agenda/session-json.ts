import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { sessions } from '../../db/schema/agenda.ts';

/** One session's JSON (a SessionDto without the viewer's two flags) as of the row version `xmin`. */
interface SessionCopy {
  xmin: string;
  json: string;
}

/** About 700 bytes a session: some 45,000 sessions, the agendas of a few hundred large events, per process. */
const COPIES_BUDGET_BYTES = 32 * 1024 * 1024;

/** The copies of each database this process serves (tests and benches run several in one process). */
const copiesByDatabase = new WeakMap<DbOrTx, LRUCache<string, SessionCopy>>();

function copiesOf(db: DbOrTx): LRUCache<string, SessionCopy> {
  let copies = copiesByDatabase.get(db);
  if (!copies) {
    copies = new LRUCache<string, SessionCopy>({ maxSize: COPIES_BUDGET_BYTES, sizeCalculation: (copy) => copy.json.length });
    copiesByDatabase.set(db, copies);
  }
  return copies;
}

/**
 * The agenda's sessions as the JSON text of SessionDto[], by start time, for one viewer (decision 0073).
 *
 * Everyone at an event opens the agenda, and a large event's agenda is hundreds of sessions: writing all of them
 * again on every request made its time grow with its size (bench/agenda.mjs). So each process keeps each session's
 * JSON, and every request first reads the event's sessions as (id, xmin) pairs, in one short row. `xmin` is the
 * transaction that wrote a row's current version: any change to a session (an edit, a check-in counted) gives it a
 * new one, whichever process made it, so a copy at the same `xmin` is exactly the row as it is now. Only sessions
 * without such a copy are read in full; the viewer's bookmark and check-in flags are added to each.
 */
export async function agendaSessionsJson(ctx: AppContext, eventId: string, marks: { bookmarks: Set<string>; checkIns: Set<string> }) {
  const copies = copiesOf(ctx.db);
  const [listed] = await selectRows<{ versions: string }>(
    ctx.db,
    sql`select coalesce(string_agg(${sessions.id}::text || ' ' || ${sessions}.xmin::text, ',' order by ${sessions.startTime}, ${sessions.id}), '') as versions
        from ${sessions} where ${sessions.eventId} = ${eventId}`,
  );
  // An aggregate answers one row, with '' for an event without sessions.
  const versions = listed?.versions ?? '';
  const order = versions ? versions.split(',').map((pair) => pair.split(' ') as [string, string]) : [];
  const stale = order.filter(([id, xmin]) => copies.get(id)?.xmin !== xmin).map(([id]) => id);
  const read = stale.length ? await readSessions(ctx.db, stale) : new Map<string, SessionCopy>();
  for (const [id, copy] of read) copies.set(id, copy);

  const parts: string[] = [];
  for (const [id] of order) {
    // A session deleted since the list was read has no copy: it is left out, as the next request would.
    const copy = read.get(id) ?? copies.get(id);
    if (copy) parts.push(`${copy.json.slice(0, -1)},"isBookmarked":${marks.bookmarks.has(id)},"isCheckedIn":${marks.checkIns.has(id)}}`);
  }
  return `[${parts.join(',')}]`;
}

const isoUtc = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Sessions as JSON, written by PostgreSQL (row_to_json: keys are the column aliases, no spaces), with the row
 * version each was read at. The same shape as toSessionDto without the viewer's flags (a test holds them equal).
 */
async function readSessions(db: DbOrTx, ids: string[]): Promise<Map<string, SessionCopy>> {
  const rows = await selectRows<{ id: string; xmin: string; json: string }>(
    db,
    sql`select ${sessions.id} as id, ${sessions}.xmin::text as xmin, row_to_json(t)::text as json
        from ${sessions}, lateral (
          select ${sessions.id} as "id", ${sessions.eventId} as "eventId", ${sessions.title} as "title",
            ${sessions.description} as "description", ${sessions.speakerName} as "speakerName",
            ${sessions.sessionType} as "sessionType", ${isoUtc(sessions.startTime)} as "startTime",
            ${isoUtc(sessions.endTime)} as "endTime", ${sessions.timezone} as "timezone", ${sessions.location} as "location",
            ${sessions.maxCapacity} as "maxCapacity", ${sessions.tags} as "tags",
            ${sessions.networkingSlotsOpen} as "networkingSlotsOpen", ${sessions.hostName} as "hostName",
            ${sessions.referenceUrl} as "referenceUrl", ${sessions.checkedInCount} as "attendeeCount"
        ) t
        where ${sessions.id} = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, { xmin: row.xmin, json: row.json }]));
}
