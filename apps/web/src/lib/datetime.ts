// Dates and times as the spec wants them shown: timestamptz values in a named zone, with the zone named.

import { zoneOffsetMinutes } from '@mingle/shared/domain/time-zones';
import { formattingLocale } from './i18n';

/** The viewer's own time zone (the browser's). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const cache = new Map<string, Intl.DateTimeFormat>();
// Dates read the way the interface's language writes them ("Mo., 1. Juni 2026" in German) unless a test names a locale.
function formatter(options: Intl.DateTimeFormatOptions, timeZone?: string, locale: string = formattingLocale()): Intl.DateTimeFormat {
  const key = JSON.stringify([options, timeZone, locale]);
  let value = cache.get(key);
  if (!value) {
    value = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    cache.set(key, value);
  }
  return value;
}

/**
 * Builds a first date formatter in a task of its own, for a page about to show dates while it still waits for its code
 * and data. A fresh renderer's first Intl formatter costs 30 to 70 ms (ICU starting; the next one 0.3 to 2 ms), which
 * otherwise lands inside the page's first render, its longest task (decision 0202).
 */
export function prepareDateFormatting(): void {
  setTimeout(() => formatter({ month: 'long', day: 'numeric', year: 'numeric' }).format(0));
}

/** "Mon, Jun 1, 2026" */
export function formatDate(iso: string, timeZone?: string): string {
  return formatter({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }, timeZone).format(new Date(iso));
}

/** "June 1, 2026" */
export function formatLongDate(iso: string, timeZone?: string): string {
  return formatter({ month: 'long', day: 'numeric', year: 'numeric' }, timeZone).format(new Date(iso));
}

/** "Jun 1, 2026, 9:00 AM" in the viewer's zone. */
export function formatDateTime(iso: string, timeZone?: string): string {
  return formatter({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }, timeZone).format(new Date(iso));
}

/** "9:00 AM" */
export function formatTime(iso: string, timeZone?: string): string {
  return formatter({ hour: 'numeric', minute: '2-digit' }, timeZone).format(new Date(iso));
}

/** The short name of a zone at an instant: "BST", "GMT+5:30", "EDT". */
export function zoneName(iso: string, timeZone?: string): string {
  const parts = formatter({ timeZoneName: 'short', hour: 'numeric' }, timeZone).formatToParts(new Date(iso));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone ?? '';
}

/**
 * When something happens, read as a calendar shows it, in one zone, named: "Tue, Nov 24, 2026, 9:00 – 10:30 AM UTC",
 * and across midnight "Tue, Nov 24, 2026, 11:00 PM EST – Wed, Nov 25, 2026, 12:30 AM EST". formatRange leaves out
 * what both ends share, in the order, words and clock of the viewer's locale (`locale` is for tests).
 */
export function formatTimeSpan(startIso: string, endIso: string, timeZone?: string, locale?: string): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  return formatter(options, timeZone, locale).formatRange(new Date(startIso), new Date(endIso));
}

/** "Jun 1 – 3, 2026" or "Jun 30 – Jul 2, 2026": an event's dates. */
export function formatDateRange(startIso: string, endIso: string, timeZone?: string): string {
  return formatter({ month: 'short', day: 'numeric', year: 'numeric' }, timeZone).formatRange(new Date(startIso), new Date(endIso));
}

/** Whether two instants fall on the same calendar day in a zone. */
export function sameDay(a: string, b: string, timeZone?: string): boolean {
  const day = formatter({ year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone);
  return day.format(new Date(a)) === day.format(new Date(b));
}

/** The viewer-local `YYYY-MM-DDTHH:mm` of an instant, for `<input type="datetime-local">`. */
export function toLocalInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The instant a viewer-local `YYYY-MM-DDTHH:mm` is; null when empty or malformed. */
export function fromLocalInputValue(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Jun 1, 2026, 9:00 AM BRT": a date and time in a zone, the zone named. */
export function formatZonedDateTime(iso: string, timeZone: string): string {
  return formatter(
    { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
    timeZone,
  ).format(new Date(iso));
}

/** "9:12 AM GMT-3": a time of day in a zone, the zone named; without a zone, the viewer's time unnamed. */
export function formatZonedTime(iso: string, timeZone: string | undefined): string {
  if (!timeZone) return formatTime(iso);
  return formatter({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }, timeZone).format(new Date(iso));
}

/** "9:00 AM", or "Jun 2, 9:00 AM" when the viewer's calendar shows another day than the event's. */
export function formatViewerTime(iso: string, eventTimeZone: string, viewer: string = viewerTimeZone()): string {
  if (formatDate(iso, viewer) === formatDate(iso, eventTimeZone)) return formatTime(iso, viewer);
  return formatter({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }, viewer).format(new Date(iso));
}

/**
 * Whether the viewer's clock reads differently from the event zone's at an instant: only then is the viewer's own
 * time worth showing beside the event's (London in winter reads the same as UTC).
 */
export function viewerClockDiffers(iso: string, eventTimeZone: string, viewer: string = viewerTimeZone()): boolean {
  const instant = new Date(iso);
  return zoneOffsetMinutes(instant, viewer) !== zoneOffsetMinutes(instant, eventTimeZone);
}

/** "GMT+05:30", "GMT−03:00", "GMT": a zone's offset from UTC now, for naming zones in a picker. */
export function zoneOffsetLabel(timeZone: string, at: Date = new Date()): string {
  const minutes = zoneOffsetMinutes(at, timeZone);
  if (minutes === 0) return 'GMT';
  const sign = minutes > 0 ? '+' : '−';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  return `GMT${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
}
