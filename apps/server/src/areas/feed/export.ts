import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { selectRows } from '../../platform/db/client.ts';
import { eventFeed, eventFeedLikes } from '../../platform/db/schema/engagement.ts';
import { csvFile, csvTime } from '../../platform/http/csv.ts';
import { assertEventPermission, canManageEvent, loadEventWithRelation } from '../event-access/index.ts';

// The event's feed as a CSV file for the organizers (decision 0172), oldest post first (a record reads in order).
// Posts have likes but no comments, so there is no comments column.

export const FEED_CSV_HEADER = ['Author', 'Posted At (UTC)', 'Text', 'Media', 'Media URL', 'Likes', 'Pinned'];

type Row = { author: string; at: string; content: string; mediaType: string | null; mediaUrl: string | null; likes: number; pinned: boolean };

/** The event's feed posts as CSV (organizers), and the file's name. */
export async function feedCsv(ctx: AppContext, caller: Caller, eventId: string): Promise<{ fileName: string; csv: string }> {
  const found = await loadEventWithRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, found?.relation ?? null, canManageEvent);
  const rows = await selectRows<Row>(
    ctx.db,
    sql`select coalesce(p."full_name", u."name") as "author", ${csvTime(sql`f."created_at"`)} as "at", f."content",
               f."media_type" as "mediaType", f."media_url" as "mediaUrl",
               (select count(*)::int from ${eventFeedLikes} l where l."feed_id" = f."id") as "likes", f."is_pinned" as "pinned"
        from ${eventFeed} f
        join auth_users u on u."id" = f."author_id" left join profiles p on p."id" = f."author_id"
        where f."event_id" = ${eventId}::uuid
        order by f."created_at", f."id"`,
  );
  const csv = csvFile([
    FEED_CSV_HEADER,
    ...rows.map((row) => [row.author, row.at, row.content, row.mediaType === 'video' ? 'Video' : row.mediaType === 'image' ? 'Image' : null, row.mediaUrl, row.likes, row.pinned ? 'Yes' : 'No']),
  ]);
  return { fileName: `${found!.row.slug}-feed.csv`, csv };
}
