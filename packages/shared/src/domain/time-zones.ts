/**
 * Wall-clock times in a named time zone, with nothing but Intl. A session is entered as "09:00 in Europe/London"
 * and stored as the instant that is; these turn one into the other (both directions, daylight saving included).
 */

import { TIMEZONES } from '../core/constants.ts';

/**
 * The shape of an IANA zone name ("UTC", "America/Sao_Paulo", "Etc/GMT+5"); the database's check on stored zones
 * holds the same pattern (decision 0183), so garbage never gets in even past the API.
 */
export const TIME_ZONE_PATTERN = '^(UTC|[A-Z][A-Za-z]*(/[A-Z0-9][A-Za-z0-9_+-]*)+)$';
const timeZonePattern = new RegExp(TIME_ZONE_PATTERN);

/**
 * Whether a value is a zone this runtime knows. Aliases count (Node lists "Asia/Calcutta", the spec offers
 * "Asia/Kolkata"; browsers differ in which of the two they list), so the test is Intl itself, after the shape.
 */
export function isTimeZone(value: string): boolean {
  if (!timeZonePattern.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const canonical = (zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;

/**
 * Every zone to offer: the spec's 13 first, then all the others the runtime knows, by name; an alias of one of the
 * 13 (the runtime's "Asia/Calcutta" beside the spec's "Asia/Kolkata") is left out.
 */
export function allTimeZones(): { offered: readonly string[]; others: string[] } {
  const taken = new Set(TIMEZONES.map(canonical));
  const others = Intl.supportedValuesOf('timeZone').filter((zone) => isTimeZone(zone) && !taken.has(canonical(zone)));
  return { offered: TIMEZONES, others: others.sort() };
}

/** `YYYY-MM-DDTHH:mm`, the value of an `<input type="datetime-local">`. */
export type WallTime = string;

const WALL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in minutes (London in summer: 60). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(partsFormatter(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The wall time an instant shows in a zone. */
export function toWallTime(instant: Date | string, timeZone: string): WallTime {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const shifted = new Date(date.getTime() + zoneOffsetMinutes(date, timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * The instant a wall time in a zone is. A time skipped by a daylight-saving jump is read as the same number of
 * minutes after the jump; a repeated one as its first occurrence. Null for a malformed value.
 */
export function fromWallTime(wall: WallTime, timeZone: string): Date | null {
  const match = WALL_TIME_PATTERN.exec(wall);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Date.UTC rolls over (month 13 is next January): a value that does not read back as itself is not a date.
  if (new Date(asUtc).toISOString().slice(0, 16) !== wall) return null;
  // Two passes settle the offset, also across a daylight-saving change.
  let guess = asUtc - zoneOffsetMinutes(new Date(asUtc), timeZone) * 60_000;
  guess = asUtc - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}
