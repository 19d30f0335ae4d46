import { describe, expect, it } from 'vitest';
import { checkInOpensAt, checkInState, hasEnded, isInThePast, PAST_GRACE_MS, registrationState } from './time-rules.ts';

const now = Date.parse('2026-11-24T12:00:00Z');
const at = (iso: string) => `2026-11-24T${iso}:00Z`;

describe('time rules (decision 0105)', () => {
  it('counts a time as past only beyond the grace of a form minute', () => {
    expect(isInThePast(at('11:00'), now)).toBe(true);
    expect(isInThePast(new Date(now - PAST_GRACE_MS - 1), now)).toBe(true);
    expect(isInThePast(new Date(now - PAST_GRACE_MS), now)).toBe(false);
    expect(isInThePast(at('12:30'), now)).toBe(false);
  });

  it('ends an event at its end date', () => {
    expect(hasEnded({ endDate: at('12:00') }, now)).toBe(true);
    expect(hasEnded({ endDate: at('12:01') }, now)).toBe(false);
  });

  it('opens check-in 30 minutes before the start and closes it at the end', () => {
    const session = (start: string, end: string) => ({ startTime: at(start), endTime: at(end) });
    expect(checkInState(session('12:31', '13:00'), now)).toBe('not_open');
    expect(checkInState(session('12:30', '13:00'), now)).toBe('open');
    expect(checkInState(session('11:00', '12:01'), now)).toBe('open');
    expect(checkInState(session('11:00', '12:00'), now)).toBe('closed');
    expect(checkInOpensAt(session('12:30', '13:00')).toISOString()).toBe('2026-11-24T12:00:00.000Z');
  });

  it('takes registrations while switched on, inside the window and before the end', () => {
    const event = (patch: Partial<Parameters<typeof registrationState>[0]> = {}) => ({
      registrationOpen: true,
      registrationOpensAt: null,
      registrationClosesAt: null,
      endDate: at('18:00'),
      ...patch,
    });
    expect(registrationState(event(), now)).toBe('open');
    expect(registrationState(event({ registrationOpen: false }), now)).toBe('off');
    expect(registrationState(event({ registrationOpensAt: at('12:01') }), now)).toBe('not_yet_open');
    expect(registrationState(event({ registrationOpensAt: at('12:00') }), now)).toBe('open');
    expect(registrationState(event({ registrationClosesAt: at('12:00') }), now)).toBe('window_closed');
    expect(registrationState(event({ registrationClosesAt: at('12:01') }), now)).toBe('open');
    // An ended event says so first, whatever its switch.
    expect(registrationState(event({ registrationOpen: false, endDate: at('12:00') }), now)).toBe('ended');
  });
});
