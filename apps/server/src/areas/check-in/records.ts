import { sql } from 'drizzle-orm';
import type { CheckInRecordDto } from '@mingle/shared/check-in/contract';

// A check-in as the door reads it, with the names of who let the person in and who undid it: the one select of the
// door's answer (service.ts) and of its recent list (door-lists.ts).

export interface RecordRow {
  id: string;
  pointId: string | null;
  at: Date | string;
  byId: string | null;
  byName: string | null;
  undoneAt: Date | string | null;
  undoneByName: string | null;
}

/** The record's columns, from `recordSource`. */
export const recordColumns = sql`c.id, c.point_id as "pointId", c.checked_in_at as "at", c.checked_in_by as "byId", bp.full_name as "byName",
  c.undone_at as "undoneAt", up.full_name as "undoneByName"`;

/** `check_ins c` with the profiles of who checked in (`bp`) and who undid (`up`). */
export const recordSource = sql`check_ins c left join profiles bp on bp.id = c.checked_in_by left join profiles up on up.id = c.undone_by`;

export const recordOf = (row: RecordRow, callerId: string): CheckInRecordDto => ({
  id: row.id,
  pointId: row.pointId,
  at: new Date(row.at).toISOString(),
  byName: row.byName,
  byYou: row.byId === callerId,
  undoneAt: row.undoneAt ? new Date(row.undoneAt).toISOString() : null,
  undoneByName: row.undoneByName,
});
