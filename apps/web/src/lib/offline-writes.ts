import type { AgendaViewerDto, ScheduleDto } from '@mingle/shared/agenda/contract';
import { agendaEndpoints } from '@mingle/shared/agenda/endpoints';
import { ApiError, call } from './api';
import { deviceQueue } from './device-queue';
import { QUEUED_WRITES_KEY, QUEUE_KEYS } from './offline-data';

/**
 * Bookmarks and session check-ins made with no network wait on the device (lib/device-queue.ts) and are sent when it
 * returns. Both are safe to send twice: a bookmark is a state the server sets (its unique key keeps one row), and a
 * repeated check-in finds the attendance row's primary key and is refused, the first one standing. One session has
 * one queued bookmark, the last state chosen. Each keeps the session's title, to say which one the server refused.
 */
export type QueuedWrite =
  | { kind: 'bookmark'; sessionId: string; title: string; bookmarked: boolean }
  | { kind: 'check-in'; sessionId: string; title: string };

/** A queued write the server refused once the network was back, with its reason (the server's English). */
export type RefusedWrite = { write: QueuedWrite; reason: string };

const CHANGED_EVENT = 'mingle:queued-writes-changed';

const queue = deviceQueue<QueuedWrite>(QUEUED_WRITES_KEY, (write) => `${write.kind}:${write.sessionId}`);

function send(write: QueuedWrite): Promise<unknown> {
  if (write.kind === 'check-in') return call(agendaEndpoints.checkIn, { params: { sessionId: write.sessionId } });
  return call(write.bookmarked ? agendaEndpoints.bookmark : agendaEndpoints.unbookmark, { params: { sessionId: write.sessionId } });
}

const changed = () => window.dispatchEvent(new Event(CHANGED_EVENT));

/** Sends the write now, or, when the server cannot be reached, keeps it to send later. Answers whether it was kept. */
export async function sendOrQueue(write: QueuedWrite): Promise<{ queued: boolean }> {
  try {
    await send(write);
    return { queued: false };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 0)) throw error;
    queue.add(write);
    changed();
    return { queued: true };
  }
}

/** How many writes wait on this device: bookmarks, check-ins and volunteer scans. */
export function queuedWriteCount(): number {
  return QUEUE_KEYS.reduce((count, key) => count + storedLength(key), 0);
}

function storedLength(key: string): number {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(value) ? value.length : 0;
  } catch {
    return 0;
  }
}

export function onQueuedWritesChanged(listener: () => void): () => void {
  window.addEventListener(CHANGED_EVENT, listener);
  return () => window.removeEventListener(CHANGED_EVENT, listener);
}

/**
 * Sends the queued bookmarks and check-ins; a check-in the server already has counts as sent. Answers how many went
 * and which the server refused: those are gone from the queue, and the person who made them must hear of it.
 */
export async function flushQueuedWrites(): Promise<{ sent: number; refused: RefusedWrite[] }> {
  const outcomes = await queue.flush(send);
  changed();
  const refused = outcomes.flatMap(({ item, error }) => (error && error.code !== 'already_checked_in' ? [{ write: item, reason: error.serverMessage }] : []));
  return { sent: outcomes.length - refused.length, refused };
}

/**
 * The viewer's part of an agenda as it will be once the queued writes are sent: offline, the answer comes from the
 * service worker's cache, from before the bookmarks and check-ins made since, which the page must still show.
 */
export function viewerWithQueuedWrites(viewer: AgendaViewerDto): AgendaViewerDto {
  const bookmarked = new Set(viewer.bookmarkedSessionIds);
  const checkedIn = new Set(viewer.checkedInSessionIds);
  for (const write of queue.items()) {
    if (write.kind === 'check-in') checkedIn.add(write.sessionId);
    else if (write.bookmarked) bookmarked.add(write.sessionId);
    else bookmarked.delete(write.sessionId);
  }
  return { ...viewer, bookmarkedSessionIds: [...bookmarked], checkedInSessionIds: [...checkedIn] };
}

/**
 * My Schedule likewise: a session un-bookmarked on the device is gone, one checked in on it is marked. (One bookmarked
 * on the device appears once sent: the schedule needs the server's copy of the session.)
 */
export function scheduleWithQueuedWrites(schedule: ScheduleDto): ScheduleDto {
  const writes = queue.items();
  const removed = new Set(writes.flatMap((write) => (write.kind === 'bookmark' && !write.bookmarked ? [write.sessionId] : [])));
  const checkedIn = new Set(writes.flatMap((write) => (write.kind === 'check-in' ? [write.sessionId] : [])));
  return {
    items: schedule.items
      .filter((item) => !removed.has(item.session.id))
      .map((item) => (checkedIn.has(item.session.id) ? { ...item, session: { ...item.session, isCheckedIn: true } } : item)),
  };
}
