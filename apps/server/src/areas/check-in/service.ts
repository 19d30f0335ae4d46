import { sql } from 'drizzle-orm';
import { liveTopics } from '@mingle/shared/core/live';
import type { CheckInResultDto } from '@mingle/shared/check-in/contract';
import { CHECK_IN_NOT_FOUND_MESSAGE, POINT_REQUIRED_MESSAGE, POINT_UNKNOWN_MESSAGE, type checkInInputSchema } from '@mingle/shared/check-in/inputs';
import { QR_EXPIRED_MESSAGE, QR_INVALID_MESSAGE } from '@mingle/shared/volunteers/inputs';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { selectRows } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/sql.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { looksLikeBadgeToken, readBadgeToken, scanCodeHash } from '../badges/index.ts';
import { assertEventPermission, canStaffEvent, loadEventRelation } from '../event-access/index.ts';
import { queueWebhooks } from '../webhooks/index.ts';
import { recordColumns, recordOf, recordSource, type RecordRow } from './records.ts';

export const CHECK_INS_CHANGED_KIND = 'check-ins.changed';

/** How far back a phone that was offline may date a check-in: a queue older than that is a mistake, not a door. */
const OFFLINE_DAYS = 2;

/** The door's staff: the event's volunteers, co-owners, owner and super admins. Anyone else: 404, or 403 for a participant. */
export async function assertDoorStaff(ctx: AppContext, caller: Caller, eventId: string): Promise<void> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canStaffEvent);
}

/** Who a scanned code or a picked name is: by the badge's signed code, the personal QR's hash, or the id. */
function personFilter(ctx: AppContext, eventId: string, input: z.output<typeof checkInInputSchema>) {
  if (input.userId) return sql`p.id = ${input.userId}::uuid`;
  const token = input.token!;
  if (looksLikeBadgeToken(token)) {
    const userId = readBadgeToken(ctx.config.authSecret, eventId, token);
    if (!userId) throw badRequest(QR_INVALID_MESSAGE, 'qr_invalid');
    return sql`p.id = ${userId}::uuid`;
  }
  return sql`p.qr_token_hash = ${scanCodeHash(token)}`;
}

interface CheckInStep {
  userId: string | null;
  fullName: string | null;
  company: string | null;
  jobTitle: string | null;
  avatarUrl: string | null;
  expired: boolean | null;
  pointOk: boolean;
  pointsExist: boolean;
  registered: boolean;
  waitlisted: boolean;
  insertedId: string | null;
}

/** A check-in row with the names of who let the person in and who undid it. */
const recordSelect = sql`select ${recordColumns} from ${recordSource}`;

/**
 * Checks the scanned or picked person in at the point, in one statement for the common case (one round trip a scan is
 * what bounds a door rush; bench/door-rush.mjs): find the person, check the point belongs to the event (or that the
 * event has none when no point is given) and that they hold a place, then insert. The partial unique index on active
 * check-ins is the last word between two volunteers (online, or syncing from phones that were offline): the second
 * insert does nothing and is answered with the first check-in, when and by whom. A clientCheckInId seen before answers
 * what its first send did.
 */
export async function checkIn(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  input: z.output<typeof checkInInputSchema>,
): Promise<CheckInResultDto> {
  await assertDoorStaff(ctx, caller, eventId);
  const pointId = input.pointId ?? null;
  const person = personFilter(ctx, eventId, input);
  const at = input.scannedAt
    ? sql`least(now(), greatest(${input.scannedAt}::timestamptz, now() - make_interval(days => ${OFFLINE_DAYS})))`
    : sql`now()`;

  return ctx.db.transaction(async (tx) => {
    const [step] = await selectRows<CheckInStep>(
      tx,
      sql`with person as materialized (
            select p.id, p.full_name, p.company_or_institution, p.job_title, p.avatar_url,
                   ${input.token && !looksLikeBadgeToken(input.token) ? sql`p.qr_token_expires_at <= now()` : sql`false`} as expired
            from profiles p where ${person}
          ),
          point as materialized (
            select exists (select 1 from check_in_points where event_id = ${eventId}::uuid) as points_exist,
                   ${pointId ? sql`exists (select 1 from check_in_points where id = ${pointId}::uuid and event_id = ${eventId}::uuid)` : sql`true`} as known
          ),
          registered as materialized (
            select exists (select 1 from event_attendees where event_id = ${eventId}::uuid and user_id = (select id from person)) as yes
          ),
          inserted as (
            insert into check_ins (event_id, user_id, point_id, checked_in_at, checked_in_by, client_check_in_id)
            select ${eventId}::uuid, person.id, ${pointId}::uuid, ${at}, ${caller.userId}::uuid, ${input.clientCheckInId} from person
            where not person.expired and (select yes from registered)
              and (select known and ${pointId !== null ? sql`points_exist` : sql`not points_exist`} from point)
            on conflict do nothing
            returning id
          )
          select person.id as "userId", person.full_name as "fullName", person.company_or_institution as "company",
                 person.job_title as "jobTitle", person.avatar_url as "avatarUrl", person.expired,
                 point.known as "pointOk", point.points_exist as "pointsExist", registered.yes as "registered",
                 exists (select 1 from event_waitlist w where w.event_id = ${eventId}::uuid and w.user_id = person.id) as "waitlisted",
                 inserted.id as "insertedId"
          from (select 1) as scan
          left join person on true cross join point cross join registered left join inserted on true`,
    );
    if (!step?.userId) throw badRequest(QR_INVALID_MESSAGE, 'qr_invalid');
    if (step.expired) throw badRequest(QR_EXPIRED_MESSAGE, 'qr_expired');
    if (!step.pointOk) throw badRequest(POINT_UNKNOWN_MESSAGE, 'point_unknown');
    if (step.pointsExist !== (pointId !== null)) {
      throw pointId ? badRequest(POINT_UNKNOWN_MESSAGE, 'point_unknown') : badRequest(POINT_REQUIRED_MESSAGE, 'point_required');
    }
    const personDto = { userId: step.userId, fullName: step.fullName ?? '', company: step.company, jobTitle: step.jobTitle, avatarUrl: step.avatarUrl };
    const answer = (outcome: CheckInResultDto['outcome'], record: RecordRow | null, replayed = false): CheckInResultDto => ({
      outcome,
      replayed,
      person: personDto,
      waitlisted: step.waitlisted,
      checkIn: record ? recordOf(record, caller.userId) : null,
    });

    if (step.insertedId) {
      await ctx.live.publish(liveTopics.eventAnalytics(eventId), { kind: CHECK_INS_CHANGED_KIND }, tx);
      const [record] = await selectRows<RecordRow>(tx, sql`${recordSelect} where c.id = ${step.insertedId}::uuid`);
      await queueWebhooks(ctx, tx, {
        eventId,
        type: 'check_in.created',
        data: { eventId, checkInId: record!.id, userId: step.userId, fullName: personDto.fullName, pointId, checkedInAt: new Date(record!.at).toISOString() },
      });
      return answer('checked_in', record!);
    }
    // Nothing was written: a resend of a check-in already made, the person already in at this point, or not on the list.
    const [replay] = await selectRows<RecordRow & { eventId: string; userId: string }>(
      tx,
      sql`${recordSelect} where c.checked_in_by = ${caller.userId}::uuid and c.client_check_in_id = ${input.clientCheckInId}`,
    );
    if (replay) return answer('checked_in', replay, true);
    if (!step.registered) return answer('not_registered', null);
    const [first] = await selectRows<RecordRow>(
      tx,
      sql`${recordSelect} where c.event_id = ${eventId}::uuid and c.user_id = ${step.userId}::uuid
            and c.point_id is not distinct from ${pointId}::uuid and c.undone_at is null`,
    );
    return answer('already_checked_in', first ?? null);
  });
}

/** Undoes a check-in (the door's staff), keeping who undid it and when; undoing one already undone changes nothing. */
export async function undoCheckIn(ctx: AppContext, caller: Caller, eventId: string, checkInId: string): Promise<void> {
  await assertDoorStaff(ctx, caller, eventId);
  if (!isUuid(checkInId)) throw notFound(CHECK_IN_NOT_FOUND_MESSAGE);
  await ctx.db.transaction(async (tx) => {
    const [row] = await selectRows<{ undone: boolean }>(
      tx,
      sql`with undone as (
            update check_ins set undone_at = now(), undone_by = ${caller.userId}::uuid
            where id = ${checkInId}::uuid and event_id = ${eventId}::uuid and undone_at is null
            returning id
          )
          select exists (select 1 from undone) as undone
          from check_ins where id = ${checkInId}::uuid and event_id = ${eventId}::uuid`,
    );
    if (!row) throw notFound(CHECK_IN_NOT_FOUND_MESSAGE);
    if (row.undone) await ctx.live.publish(liveTopics.eventAnalytics(eventId), { kind: CHECK_INS_CHANGED_KIND }, tx);
  });
}
