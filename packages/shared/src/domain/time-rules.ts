import { msg } from '../core/messages.ts';
// The rules of time a careful user expects (issue 17, decision 0105): nothing is booked or scheduled in the past,
// check-in opens shortly before a session, and an event that has ended takes no registrations. Pure functions of
// an instant and "now", so the forms and the server ask the same question and get the same answer.

const MINUTE = 60_000;

/**
 * How far behind now a chosen time may be and still count as "now": a form picks minutes, not seconds, and a
 * submit takes a moment to arrive. Anything earlier is in the past.
 */
export const PAST_GRACE_MS = 5 * MINUTE;

/** Check-in opens this long before a session starts, and stays open until it ends. */
export const CHECK_IN_OPENS_BEFORE_MS = 30 * MINUTE;

export const TIME_RULE_MESSAGES = {
  meetingInPast: msg('Meeting time must be in the future'),
  eventStartInPast: msg('Start date cannot be in the past'),
  eventEndInPast: msg('End date cannot be in the past'),
  checkInNotOpen: msg('Check-in opens 30 minutes before the session starts'),
  checkInClosed: msg('Check-in has closed: this session has ended'),
  eventEnded: msg('This event has ended'),
} as const;

const time = (instant: Date | string) => new Date(instant).getTime();

/** The instant is earlier than now (less the grace above). */
export function isInThePast(instant: Date | string, now = Date.now()): boolean {
  return time(instant) < now - PAST_GRACE_MS;
}

/** The event is over: its end date is not after now (the super admin's "active" events are the others). */
export function hasEnded(event: { endDate: Date | string }, now = Date.now()): boolean {
  return time(event.endDate) <= now;
}

export type CheckInState = 'not_open' | 'open' | 'closed';

/** Where now stands with a session's check-in window: from 30 minutes before its start until its end. */
export function checkInState(session: { startTime: Date | string; endTime: Date | string }, now = Date.now()): CheckInState {
  if (now < time(session.startTime) - CHECK_IN_OPENS_BEFORE_MS) return 'not_open';
  if (now >= time(session.endTime)) return 'closed';
  return 'open';
}

/** When the session's check-in opens. */
export function checkInOpensAt(session: { startTime: Date | string }): Date {
  return new Date(time(session.startTime) - CHECK_IN_OPENS_BEFORE_MS);
}

export type RegistrationState = 'off' | 'not_yet_open' | 'open' | 'window_closed' | 'ended';

/**
 * Whether a person may register now: the organizer's switch, then the window (opens at, closes at; either may be
 * unset), then the event's end. Capacity is not a state: a full event still takes registrations onto its waitlist.
 */
export function registrationState(
  event: { registrationOpen: boolean; registrationOpensAt: Date | string | null; registrationClosesAt: Date | string | null; endDate: Date | string },
  now = Date.now(),
): RegistrationState {
  if (hasEnded(event, now)) return 'ended';
  if (!event.registrationOpen) return 'off';
  if (event.registrationOpensAt !== null && time(event.registrationOpensAt) > now) return 'not_yet_open';
  if (event.registrationClosesAt !== null && time(event.registrationClosesAt) <= now) return 'window_closed';
  return 'open';
}
