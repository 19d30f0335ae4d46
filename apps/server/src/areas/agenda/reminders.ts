import { DEFAULT_SESSION_REMINDER_LEAD, SESSION_REMINDER_LEADS } from '@mingle/shared/core/constants';
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../platform/db/client.ts';
import { sessionBookmarks, sessions } from '../../platform/db/schema/agenda.ts';
import { authUsers } from '../../platform/db/schema/auth.ts';
import { eventAttendees, events } from '../../platform/db/schema/events.ts';
import { notificationSettings } from '../../platform/db/schema/notifications.ts';
import type { RetryPolicy } from '../../platform/jobs/queue.ts';
import { participatesIn } from '../event-access/index.ts';
import { notify } from '../notifications/index.ts';
import { eventDayBeforeEmail } from './emails/event-day-before.tsx';
import { sessionReminderEmail } from './emails/session-reminder.tsx';

// Reminders (issue 19): a bookmarked session a few minutes before it starts (each person's lead time), and an event
// the day before it starts. One sweep a minute, from pg-boss's scheduler (one job a minute whichever process runs
// it), finds what is due by time and marks each reminder sent in the transaction that tells it: a session moved
// later is found again at its new time (its bookmarks' marks are cleared), a crash before the commit loses nothing,
// and two sweeps never tell the same person twice (`for update skip locked`).

export const REMINDERS_QUEUE = 'reminders';
/** A sweep is a few queries: a quick retry covers a database hiccup; the next minute's sweep covers the rest. */
const REMINDERS_RETRY: RetryPolicy = { limit: 2, delaySeconds: 10, expireSeconds: 300 };
/** The most reminders of each sort one sweep sends (one transaction); a busier minute leaves the rest to the next. */
const SWEEP_BATCH = 500;
const LONGEST_LEAD = Math.max(...SESSION_REMINDER_LEADS);
/** The day-before reminder goes 24 hours before the event starts; later than 6 hours before, "tomorrow" is not true. */
const DAY_BEFORE = { hours: 24, notAfterHoursBefore: 6 };

interface DueSession {
  bookmarkId: string;
  userId: string;
  minutesBefore: number;
  sessionId: string;
  title: string;
  startTime: Date;
  timezone: string;
  location: string | null;
  speakerName: string | null;
  eventId: string;
  eventName: string;
  eventLogoUrl: string | null;
}

/**
 * Reminds every person whose bookmarked session starts within their lead time (10 minutes unless they chose another),
 * while they still take part in its event. A bookmark made later than that is reminded at once, with the minutes
 * actually left. Answers how many were reminded.
 */
export async function sendDueSessionReminders(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await selectRows<DueSession>(
      tx,
      sql`select ${sessionBookmarks.id} as "bookmarkId", ${sessionBookmarks.userId} as "userId",
            greatest(1, ceil(extract(epoch from ${sessions.startTime} - now()) / 60))::int as "minutesBefore",
            ${sessions.id} as "sessionId", ${sessions.title} as "title", ${sessions.startTime} as "startTime",
            ${sessions.timezone} as "timezone", ${sessions.location} as "location", ${sessions.speakerName} as "speakerName",
            ${events.id} as "eventId", ${events.name} as "eventName", ${events.logoUrl} as "eventLogoUrl"
          from ${sessions}
          join ${sessionBookmarks} on ${sessionBookmarks.sessionId} = ${sessions.id} and ${sessionBookmarks.remindedAt} is null
          join ${events} on ${events.id} = ${sessions.eventId}
          left join ${notificationSettings} on ${notificationSettings.userId} = ${sessionBookmarks.userId}
          where ${sessions.startTime} > now() and ${sessions.startTime} <= now() + make_interval(mins => ${LONGEST_LEAD})
            and ${sessions.startTime} <= now() + make_interval(mins => coalesce(${notificationSettings.sessionReminderMinutes}, ${DEFAULT_SESSION_REMINDER_LEAD}))
            and ${participatesIn(sessionBookmarks.userId, sessions.eventId)}
          order by ${sessions.startTime}
          limit ${SWEEP_BATCH}
          for update of ${sessionBookmarks} skip locked`,
    );
    for (const row of due) {
      await notify(ctx, tx, {
        userId: row.userId,
        actorId: null,
        eventId: row.eventId,
        facts: { kind: 'session_reminder', eventId: row.eventId, sessionTitle: row.title, minutesBefore: row.minutesBefore, location: row.location },
        email: (unsubscribeUrl) =>
          sessionReminderEmail.with({
            publicUrl: ctx.config.publicUrl,
            unsubscribeUrl,
            minutesBefore: row.minutesBefore,
            event: { name: row.eventName, logoUrl: row.eventLogoUrl },
            session: { id: row.sessionId, title: row.title, startTime: row.startTime, timezone: row.timezone, location: row.location, speakerName: row.speakerName },
          }),
      });
    }
    if (due.length > 0) {
      await tx.update(sessionBookmarks).set({ remindedAt: sql`now()` }).where(inArray(sessionBookmarks.id, due.map((row) => row.bookmarkId)));
    }
    return due.length;
  });
}

interface DueEvent {
  attendeeId: string;
  userId: string;
  fullName: string;
  eventId: string;
  name: string;
  logoUrl: string | null;
  startDate: Date;
  endDate: Date;
  location: string | null;
  timeZone: string;
  /** The person's bookmarked sessions (read as JSON, so their times are ISO strings) of the event's first day (its first 24 hours), in start order. */
  sessions: Array<{ title: string; startTime: string; timezone: string; location: string | null }>;
}

/**
 * The day before: every registered attendee of an event that starts in the next 24 hours (and not within 6), told when
 * and where, with the sessions they bookmarked for its first day. Answers how many were reminded.
 */
export async function sendDueEventReminders(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await selectRows<DueEvent>(
      tx,
      sql`select ${eventAttendees.id} as "attendeeId", ${eventAttendees.userId} as "userId", ${authUsers.name} as "fullName",
            ${events.id} as "eventId", ${events.name} as "name", ${events.logoUrl} as "logoUrl",
            ${events.startDate} as "startDate", ${events.endDate} as "endDate", ${events.location} as "location", ${events.timezone} as "timeZone",
            coalesce((
              select json_agg(json_build_object('title', s."title", 'startTime', s."start_time", 'timezone', s."timezone", 'location', s."location")
                              order by s."start_time")
              from ${sessionBookmarks} b join ${sessions} s on s."id" = b."session_id"
              where b."user_id" = ${eventAttendees.userId} and s."event_id" = ${events.id}
                and s."start_time" < ${events.startDate} + interval '24 hours'
            ), '[]'::json) as "sessions"
          from ${events}
          join ${eventAttendees} on ${eventAttendees.eventId} = ${events.id} and ${eventAttendees.remindedAt} is null
          join ${authUsers} on ${authUsers.id} = ${eventAttendees.userId}
          where ${events.startDate} > now() + make_interval(hours => ${DAY_BEFORE.notAfterHoursBefore})
            and ${events.startDate} <= now() + make_interval(hours => ${DAY_BEFORE.hours})
          order by ${events.startDate}
          limit ${SWEEP_BATCH}
          for update of ${eventAttendees} skip locked`,
    );
    for (const row of due) {
      await notify(ctx, tx, {
        userId: row.userId,
        actorId: null,
        eventId: row.eventId,
        facts: { kind: 'event_reminder', eventId: row.eventId, eventName: row.name, location: row.location },
        email: (unsubscribeUrl) =>
          eventDayBeforeEmail.with({
            publicUrl: ctx.config.publicUrl,
            unsubscribeUrl,
            recipientName: row.fullName,
            event: { id: row.eventId, name: row.name, logoUrl: row.logoUrl, startDate: row.startDate, endDate: row.endDate, location: row.location },
            // The event's dates in its zone; the sessions' times each in its own.
            timeZone: row.timeZone,
            sessions: row.sessions,
          }),
      });
    }
    if (due.length > 0) {
      await tx.update(eventAttendees).set({ remindedAt: sql`now()` }).where(inArray(eventAttendees.id, due.map((row) => row.attendeeId)));
    }
    return due.length;
  });
}

/** Works the reminders' queue in this process (every server process does) and has the scheduler send it a job a minute. */
export async function workReminders(ctx: AppContext): Promise<void> {
  await ctx.jobs.work(REMINDERS_QUEUE, REMINDERS_RETRY, async () => {
    await sendDueSessionReminders(ctx);
    await sendDueEventReminders(ctx);
  });
  await ctx.jobs.schedule(REMINDERS_QUEUE, '* * * * *');
}
