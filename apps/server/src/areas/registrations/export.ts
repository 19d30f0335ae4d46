import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { consentStateColumns } from '../../platform/auth/consents.ts';
import { selectRows } from '../../platform/db/client.ts';
import { checkInPoints, checkIns } from '../../platform/db/schema/check-in.ts';
import { eventAttendees, events } from '../../platform/db/schema/events.ts';
import { eventWaitlist, registrationAnswers } from '../../platform/db/schema/registrations.ts';
import { csvFile } from '../../platform/http/csv.ts';
import { assertEventPermission, canManageEvent, loadEventRelation } from '../event-access/index.ts';
import { personColumns, personJoin } from './person-columns.ts';
import { questionsOf } from './questions.ts';

// The registrations as a CSV file for the organizers: everyone registered, then everyone waiting in queue order, with
// whether and when they were checked in at the door and where, and their answers (one column per question, in the order asked). Formula-safe, as every CSV file of ours
// (platform/http/csv.ts).

type ExportRow = {
  status: 'registered' | 'waitlisted';
  name: string;
  email: string;
  company: string | null;
  jobTitle: string | null;
  at: string;
  checkedInAt: string | null;
  checkInPoints: string | null;
  termsAcceptedAt: string | null;
  sharing: 'given' | 'withdrawn' | 'never';
  sharingChangedAt: string | null;
  answers: Record<string, string[]>;
};

export const REGISTRATION_CSV_HEADER = [
  'Status',
  'Waitlist Position',
  'Name',
  'Email',
  'Company',
  'Job Title',
  'Registered At (UTC)',
  'Checked In',
  'Checked In At (UTC)',
  'Check-in Points',
  'Terms Accepted At (UTC)',
  'Sharing With Sponsors',
  'Sharing Changed At (UTC)',
];

const SHARING_LABELS = { given: 'Given', withdrawn: 'Withdrawn', never: 'Not asked' } as const;

/** The event's registrations and waitlist as CSV (organizers), and the file's name. */
export async function registrationsCsv(ctx: AppContext, caller: Caller, eventId: string): Promise<{ fileName: string; csv: string }> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  const questions = await questionsOf(ctx.db, eventId);
  const answers = (table: typeof eventAttendees | typeof eventWaitlist) =>
    sql`coalesce((select json_object_agg(a."question_id", a."value") from ${registrationAnswers} a
                  where a."event_id" = ${eventId}::uuid and a."user_id" = ${table}."user_id"), '{}'::json)`;
  // What they consented to (decision 0191), its times as the other columns show theirs.
  const consents = sql`to_char(consent."termsAcceptedAt" at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as "termsAcceptedAt", consent."sharing",
        to_char(consent."sharingChangedAt" at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as "sharingChangedAt"`;
  const consentsJoin = (table: typeof eventAttendees | typeof eventWaitlist) => sql`cross join lateral (select ${consentStateColumns(sql`${table}."user_id"`)}) consent`;
  // The first active check-in's time, and every point the person was let in at (the one door when the event has none).
  const door = sql`(select to_char(min(c."checked_in_at") at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') from ${checkIns} c
                     where c."event_id" = ${eventId}::uuid and c."user_id" = ${eventAttendees}."user_id" and c."undone_at" is null) as "checkedInAt",
                   (select string_agg(coalesce(cp."name", 'Door'), '; ' order by c."checked_in_at") from ${checkIns} c left join ${checkInPoints} cp on cp."id" = c."point_id"
                     where c."event_id" = ${eventId}::uuid and c."user_id" = ${eventAttendees}."user_id" and c."undone_at" is null) as "checkInPoints"`;
  const [rows, [event]] = await Promise.all([
    selectRows<ExportRow>(
      ctx.db,
      sql`(select 'registered' as "status", ${personColumns},
                  to_char(${eventAttendees}."registered_at" at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as "at", ${door}, ${answers(eventAttendees)} as "answers",
                  ${consents},
                  ${eventAttendees}."registered_at" as "sortAt", ${eventAttendees}."id" as "sortId", 0 as "list"
           from ${eventAttendees} ${personJoin(sql`${eventAttendees}."user_id"`)} ${consentsJoin(eventAttendees)}
           where ${eventAttendees}."event_id" = ${eventId}::uuid)
          union all
          (select 'waitlisted', ${personColumns},
                  to_char(${eventWaitlist}."joined_at" at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'), null, null, ${answers(eventWaitlist)},
                  ${consents},
                  ${eventWaitlist}."joined_at", ${eventWaitlist}."id", 1
           from ${eventWaitlist} ${personJoin(sql`${eventWaitlist}."user_id"`)} ${consentsJoin(eventWaitlist)}
           where ${eventWaitlist}."event_id" = ${eventId}::uuid)
          order by "list", "sortAt", "sortId"`,
    ),
    ctx.db.select({ slug: events.slug }).from(events).where(sql`${events.id} = ${eventId}::uuid`),
  ]);
  let position = 0;
  const csv = csvFile([
    [...REGISTRATION_CSV_HEADER, ...questions.map((question) => question.label)],
    ...rows.map((row) => [
      row.status === 'registered' ? 'Registered' : 'Waitlisted',
      row.status === 'waitlisted' ? ++position : null,
      row.name,
      row.email,
      row.company,
      row.jobTitle,
      row.at,
      row.status === 'registered' ? (row.checkedInAt ? 'Yes' : 'No') : null,
      row.checkedInAt,
      row.checkInPoints,
      row.termsAcceptedAt,
      SHARING_LABELS[row.sharing],
      row.sharingChangedAt,
      ...questions.map((question) => (row.answers[question.id] ?? []).join('; ')),
    ]),
  ]);
  return { fileName: `${event?.slug ?? 'event'}-registrations.csv`, csv };
}
