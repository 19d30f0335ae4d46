import { createEvents, type EventAttributes } from 'ics';
import type { sessions } from '../../platform/db/schema/agenda.ts';

type SessionRow = typeof sessions.$inferSelect;

/** "Monday 1 June 2026, 09:00 BST (Europe/London)": the session's own wall time, named, for the description. */
function localStart(row: SessionRow): string {
  const formatted = new Intl.DateTimeFormat('en-GB', {
    timeZone: row.timezone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(row.startTime);
  return `${formatted} (${row.timezone})`;
}

function toIcsEvent(row: SessionRow, eventName: string): EventAttributes {
  const description = [
    `${eventName}`,
    `Starts ${localStart(row)}`,
    row.speakerName ? `Speaker: ${row.speakerName}` : null,
    row.hostName ? `Host: ${row.hostName}` : null,
    row.description,
  ]
    .filter((line): line is string => Boolean(line))
    .join('\n');
  const event: EventAttributes & { timestamp: number } = {
    uid: `session-${row.id}@mingle`,
    // Instants in UTC (DTSTART:…Z): every calendar shows them in its user's zone, right across daylight saving.
    start: row.startTime.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: row.endTime.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: row.title,
    description,
    location: row.location ?? undefined,
    url: row.referenceUrl ?? undefined,
    categories: row.tags.length ? row.tags : undefined,
    productId: 'mingle/agenda',
    calName: eventName,
    lastModified: row.updatedAt.getTime(),
    // DTSTAMP from the row, not the clock: the same sessions give the same file, so a subscribed calendar's next
    // poll is answered by its ETag (the library takes it, its types do not list it).
    timestamp: row.updatedAt.getTime(),
  };
  return event;
}

/** An iCalendar file of sessions; throws if the library refuses a value (it never should for stored rows). */
export function calendarOf(rows: Array<{ session: SessionRow; eventName: string }>, calendarName: string): string {
  const { error, value } = createEvents(
    rows.map((row) => toIcsEvent(row.session, row.eventName)),
    { productId: 'mingle/agenda', calName: calendarName, method: 'PUBLISH' },
  );
  if (error || value == null) throw error ?? new Error('calendar could not be built');
  return value;
}
