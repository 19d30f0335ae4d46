import { eq, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@mingle/shared/core/pagination';
import type { RegistrationEntryDto, RegistrationSummaryDto } from '@mingle/shared/registrations/contract';
import type { registrationListQuerySchema } from '@mingle/shared/registrations/inputs';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { consentStateColumns } from '../../platform/auth/consents.ts';
import { selectRows } from '../../platform/db/client.ts';
import { checkIns } from '../../platform/db/schema/check-in.ts';
import { eventAttendees, events } from '../../platform/db/schema/events.ts';
import { eventWaitlist, registrationAnswers, registrationCancellations, registrationQuestions } from '../../platform/db/schema/registrations.ts';
import { qualified as q } from '../../platform/db/sql.ts';
import { keyset, PAGE_SIZE, timestampKey, uuidKey } from '../../platform/http/keyset.ts';
import { assertEventPermission, canManageEvent, loadEventRelation } from '../event-access/index.ts';
import { personColumns, personJoin, personName } from './person-columns.ts';

// The organizer's view of an event's registrations: three lists in the order they filled (first come, first), each
// searchable by name or email and paged by keyset, and the figures above them.

type ListStatus = z.output<typeof registrationListQuerySchema>['status'];

/** Each list's table, its time column and what its rows add to a person. */
const LISTS: Record<ListStatus, { table: SQL; id: SQL; eventId: SQL; userId: SQL; at: SQL; extra: SQL }> = {
  registered: {
    table: sql`${eventAttendees}`,
    id: q(eventAttendees.id),
    eventId: q(eventAttendees.eventId),
    userId: q(eventAttendees.userId),
    at: q(eventAttendees.registeredAt),
    extra: sql`null::int as "position", null::text as "endedFrom", null::boolean as "byOrganizer",
               (select min(c."checked_in_at") from ${checkIns} c
                where c."event_id" = ${q(eventAttendees.eventId)} and c."user_id" = ${q(eventAttendees.userId)} and c."undone_at" is null) as "checkedInAt"`,
  },
  waitlisted: {
    table: sql`${eventWaitlist}`,
    id: q(eventWaitlist.id),
    eventId: q(eventWaitlist.eventId),
    userId: q(eventWaitlist.userId),
    at: q(eventWaitlist.joinedAt),
    // The position counts everyone ahead, whatever the search shows.
    extra: sql`(select count(*)::int from ${eventWaitlist} ahead where ahead."event_id" = ${q(eventWaitlist.eventId)}
                 and (ahead."joined_at", ahead."id") <= (${q(eventWaitlist.joinedAt)}, ${q(eventWaitlist.id)})) as "position",
               null::text as "endedFrom", null::boolean as "byOrganizer", null::timestamptz as "checkedInAt"`,
  },
  cancelled: {
    table: sql`${registrationCancellations}`,
    id: q(registrationCancellations.id),
    eventId: q(registrationCancellations.eventId),
    userId: q(registrationCancellations.userId),
    at: q(registrationCancellations.cancelledAt),
    extra: sql`null::int as "position", ${q(registrationCancellations.endedFrom)} as "endedFrom", ${q(registrationCancellations.byOrganizer)} as "byOrganizer",
               null::timestamptz as "checkedInAt"`,
  },
};

/** A person's answers, in the order asked, as JSON (none on the cancelled list: they went with the registration). */
function answersOf(list: (typeof LISTS)[ListStatus]): SQL {
  return sql`coalesce((select json_agg(json_build_object('questionId', q."id", 'label', q."label", 'value', a."value") order by q."position")
    from ${registrationAnswers} a join ${registrationQuestions} q on q."id" = a."question_id"
    where a."event_id" = ${list.eventId} and a."user_id" = ${list.userId}), '[]'::json)`;
}

type ListRow = {
  userId: string;
  name: string;
  email: string;
  company: string | null;
  jobTitle: string | null;
  at: Date | string;
  position: number | null;
  endedFrom: 'registered' | 'waitlisted' | null;
  byOrganizer: boolean | null;
  checkedInAt: Date | string | null;
  answers: RegistrationEntryDto['answers'];
  termsAcceptedAt: Date | string | null;
  sharing: RegistrationEntryDto['consents']['sharing'];
  sharingChangedAt: Date | string | null;
  key: string;
};

const isoOrNull = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

async function assertManages(ctx: AppContext, caller: Caller, eventId: string) {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
}

/**
 * One of the event's lists for its organizers (owner, co-owners, super admins): the cancelled list newest first, the
 * others in the order they filled. Paged by (time, id); the cursor carries the list and search it was made for.
 */
export async function listRegistrations(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  query: z.output<typeof registrationListQuerySchema>,
): Promise<Page<RegistrationEntryDto>> {
  await assertManages(ctx, caller, eventId);
  const list = LISTS[query.status];
  const keys = keyset([timestampKey(list.at), uuidKey(list.id)], {
    dir: query.status === 'cancelled' ? 'desc' : 'asc',
    cursor: query.cursor,
    scope: [query.status, query.search ?? ''],
  });
  const needle = query.search?.toLowerCase();
  // strpos rather than LIKE: a search for "50%" or "a_b" means those characters.
  const matches = needle ? sql`(strpos(lower(${personName}), ${needle}) > 0 or strpos(lower(u."email"), ${needle}) > 0)` : sql`true`;
  const rows = await selectRows<ListRow>(
    ctx.db,
    sql`select ${list.userId} as "userId", ${personColumns}, ${list.at} as "at",
               ${list.extra}, ${answersOf(list)} as "answers", ${consentStateColumns(list.userId)}, ${keys.key} as "key"
        from ${list.table}
        ${personJoin(list.userId)}
        where ${list.eventId} = ${eventId}::uuid and ${matches} and ${keys.where ?? sql`true`}
        order by ${sql.join(keys.orderBy, sql`, `)}
        limit ${PAGE_SIZE + 1}`,
  );
  const { items, nextCursor } = keys.page(rows, PAGE_SIZE);
  return {
    items: items.map((row) => ({
      userId: row.userId,
      name: row.name,
      email: row.email,
      company: row.company,
      jobTitle: row.jobTitle,
      at: new Date(row.at).toISOString(),
      position: row.position,
      checkedInAt: row.checkedInAt ? new Date(row.checkedInAt).toISOString() : null,
      answers: row.answers,
      cancelled: row.endedFrom ? { from: row.endedFrom, byOrganizer: row.byOrganizer ?? false } : null,
      consents: { termsAcceptedAt: isoOrNull(row.termsAcceptedAt), sharing: row.sharing, sharingChangedAt: isoOrNull(row.sharingChangedAt) },
    })),
    nextCursor,
  };
}

/** The figures above the lists: capacity, places taken and left, people waiting, cancellations. */
export async function registrationSummary(ctx: AppContext, caller: Caller, eventId: string): Promise<RegistrationSummaryDto> {
  await assertManages(ctx, caller, eventId);
  const [row] = await ctx.db
    .select({
      capacity: events.capacity,
      registered: sql<number>`(select count(*)::int from ${eventAttendees} where ${q(eventAttendees.eventId)} = ${q(events.id)})`,
      waitlisted: sql<number>`(select count(*)::int from ${eventWaitlist} where ${q(eventWaitlist.eventId)} = ${q(events.id)})`,
      cancelled: sql<number>`(select count(*)::int from ${registrationCancellations} where ${q(registrationCancellations.eventId)} = ${q(events.id)})`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  const { capacity, registered, waitlisted, cancelled } = row!;
  return { capacity, registered, waitlisted, cancelled, placesLeft: capacity === null ? null : Math.max(0, capacity - registered) };
}
