import { sql } from 'drizzle-orm';
import type { MeetingStatus, MeetingType } from '@mingle/shared/core/constants';
import type { MeetingDto } from '@mingle/shared/meetings/contract';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { selectRows } from '../../platform/db/client.ts';
import { meetings } from '../../platform/db/schema/meetings.ts';
import { csvFile, csvTime } from '../../platform/http/csv.ts';
import { assertEventPermission, canManageEvent, loadEventWithRelation } from '../event-access/index.ts';

// Meetings as CSV files (decision 0172). The organizers get every meeting of their event, who with whom, when,
// where and how it stands, to follow their matchmaking; not what the two wrote to each other (the agenda) nor their
// emails, which stay between the two. A person gets their own meetings, agenda included.

const STATUS: Record<MeetingStatus, string> = { pending: 'Pending', accepted: 'Accepted', declined: 'Declined', cancelled: 'Cancelled' };
const TYPE: Record<MeetingType, string> = { virtual: 'Virtual', in_person: 'In person' };

export const EVENT_MEETINGS_CSV_HEADER = [
  'Requester',
  'Requester Company',
  'Invitee',
  'Invitee Company',
  'Time (UTC)',
  'Duration (Minutes)',
  'Type',
  'Location',
  'Status',
  'Requested At (UTC)',
];

type Row = {
  requester: string;
  requesterCompany: string | null;
  invitee: string;
  inviteeCompany: string | null;
  at: string;
  duration: number;
  type: MeetingType;
  location: string | null;
  status: MeetingStatus;
  requestedAt: string;
};

/** Every meeting of the event by time, as CSV (organizers), and the file's name. */
export async function eventMeetingsCsv(ctx: AppContext, caller: Caller, eventId: string): Promise<{ fileName: string; csv: string }> {
  const found = await loadEventWithRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, found?.relation ?? null, canManageEvent);
  const rows = await selectRows<Row>(
    ctx.db,
    sql`select coalesce(rp."full_name", ru."name") as "requester", rp."company_or_institution" as "requesterCompany",
               coalesce(ip."full_name", iu."name") as "invitee", ip."company_or_institution" as "inviteeCompany",
               ${csvTime(sql`coalesce(m."confirmed_time", m."proposed_time")`)} as "at", m."duration_minutes" as "duration",
               m."meeting_type" as "type", m."location", m."status", ${csvTime(sql`m."created_at"`)} as "requestedAt"
        from ${meetings} m
        join auth_users ru on ru."id" = m."requester_id" left join profiles rp on rp."id" = m."requester_id"
        join auth_users iu on iu."id" = m."recipient_id" left join profiles ip on ip."id" = m."recipient_id"
        where m."event_id" = ${eventId}::uuid
        order by coalesce(m."confirmed_time", m."proposed_time"), m."id"`,
  );
  const csv = csvFile([
    EVENT_MEETINGS_CSV_HEADER,
    ...rows.map((row) => [
      row.requester,
      row.requesterCompany,
      row.invitee,
      row.inviteeCompany,
      row.at,
      row.duration,
      TYPE[row.type],
      row.location,
      STATUS[row.status],
      row.requestedAt,
    ]),
  ]);
  return { fileName: `${found!.row.slug}-meetings.csv`, csv };
}

export const MY_MEETINGS_CSV_HEADER = ['With', 'Company', 'Event', 'Time (UTC)', 'Duration (Minutes)', 'Type', 'Location', 'Status', 'Agenda', 'I Requested It'];

const utc = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/** The caller's own pending and accepted meetings (My Meetings) as CSV. */
export function myMeetingsCsv(list: MeetingDto[], viewerId: string): string {
  return csvFile([
    MY_MEETINGS_CSV_HEADER,
    ...list.map((meeting) => {
      const mine = meeting.requester.id === viewerId;
      const other = mine ? meeting.recipient : meeting.requester;
      return [
        other.fullName,
        other.company,
        meeting.eventName,
        utc(meeting.confirmedTime ?? meeting.proposedTime),
        meeting.durationMinutes,
        TYPE[meeting.meetingType],
        meeting.location,
        STATUS[meeting.status],
        meeting.agenda,
        mine ? 'Yes' : 'No',
      ];
    }),
  ]);
}
