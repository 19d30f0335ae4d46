import type { RosterDto, RosterEntryDto } from '@mingle/shared/check-in/contract';
import { deviceQueue } from '@/lib/device-queue';
import { sendCheckIn } from './api';

// What a door phone keeps so the door keeps working while the hall's Wi-Fi is down: the event's roster (names and the
// hashes of the codes that identify people, as the server gives it) and the check-ins made offline, waiting to be sent.
// localStorage: a 2,000-person roster is a few hundred kilobytes, and it must survive a reload of the page.

const rosterKey = (eventId: string) => `mingle:door-roster:${eventId}`;
const QUEUE_KEY = 'mingle:door-queue';

export function savedRoster(eventId: string): RosterDto | null {
  try {
    const value = JSON.parse(localStorage.getItem(rosterKey(eventId)) ?? 'null') as RosterDto | null;
    return value && Array.isArray(value.people) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the server's roster, with the check-ins still waiting here applied, so it never forgets what this phone did. */
export function saveRoster(roster: RosterDto): RosterDto {
  const pending = queuedCheckIns().filter((item) => item.eventId === roster.eventId);
  const merged = pending.reduce((current, item) => withCheckIn(current, item.userId, { pointId: item.pointId, at: item.scannedAt, byName: item.byName }), roster);
  try {
    localStorage.setItem(rosterKey(roster.eventId), JSON.stringify(merged));
  } catch {
    // A full storage keeps the previous copy; the door still works online.
  }
  return merged;
}

function withCheckIn(roster: RosterDto, userId: string, checkIn: RosterEntryDto['checkIns'][number]): RosterDto {
  return {
    ...roster,
    people: roster.people.map((person) =>
      person.userId === userId && !person.checkIns.some((held) => held.pointId === checkIn.pointId)
        ? { ...person, checkIns: [...person.checkIns, checkIn] }
        : person,
    ),
  };
}

/** Notes a check-in in the saved roster (made online or queued), so an offline scan of the same person says so. */
export function recordLocally(eventId: string, userId: string, checkIn: RosterEntryDto['checkIns'][number]): RosterDto | null {
  const roster = savedRoster(eventId);
  if (!roster) return null;
  const next = withCheckIn(roster, userId, checkIn);
  localStorage.setItem(rosterKey(eventId), JSON.stringify(next));
  return next;
}

/** The roster's person a scanned code names: the SHA-256 of the code, as the server keeps it. */
export async function personOfCode(roster: RosterDto, code: string): Promise<RosterEntryDto | null> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code.trim()));
  const hash = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return roster.people.find((person) => person.codes.includes(hash)) ?? null;
}

export interface QueuedCheckIn {
  eventId: string;
  userId: string;
  fullName: string;
  pointId: string | null;
  clientCheckInId: string;
  scannedAt: string;
  /** The volunteer's own name, shown in the saved roster until the server's copy replaces it. */
  byName: string;
}

const queue = deviceQueue<QueuedCheckIn>(QUEUE_KEY, (item) => item.clientCheckInId);

export const queuedCheckIns = queue.items;

export function queueCheckIn(item: QueuedCheckIn) {
  queue.add(item);
  recordLocally(item.eventId, item.userId, { pointId: item.pointId, at: item.scannedAt, byName: item.byName });
}

/**
 * Sends the queued check-ins in the order they were made, each with its own clientCheckInId and scan time (a resend
 * never checks in twice); stops at the first that still cannot reach the server and keeps the rest.
 */
export const flushCheckIns = () =>
  queue.flush((item) => sendCheckIn(item.eventId, { userId: item.userId, pointId: item.pointId, clientCheckInId: item.clientCheckInId, scannedAt: item.scannedAt }));
