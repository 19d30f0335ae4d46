import { describe, expect, it } from 'vitest';
import { sessionInputSchema } from '../agenda/inputs.ts';
import { TIMEZONES } from '../core/constants.ts';
import { createEventSchema, updateEventSchema } from '../events/inputs.ts';
import { allTimeZones, isTimeZone, TIME_ZONE_PATTERN } from './time-zones.ts';

const session = (timezone: unknown) => ({
  title: 'Opening keynote',
  startTime: '2026-06-01T12:00:00.000Z',
  endTime: '2026-06-01T13:00:00.000Z',
  timezone,
});
const event = (timezone: unknown) => ({
  name: 'Launch Week',
  startDate: '2026-06-01T12:00:00.000Z',
  endDate: '2026-06-02T20:00:00.000Z',
  timezone,
});
const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('time zones of sessions and events (decision 0183)', () => {
  it('accepts a São Paulo session and event, beyond the spec’s 13', () => {
    expect(sessionInputSchema.parse(session('America/Sao_Paulo')).timezone).toBe('America/Sao_Paulo');
    expect(createEventSchema.parse(event('America/Sao_Paulo')).timezone).toBe('America/Sao_Paulo');
    expect(updateEventSchema.parse({ timezone: 'Pacific/Auckland' }).timezone).toBe('Pacific/Auckland');
  });

  it('accepts every zone the runtime knows, and the spec’s 13 (aliases included)', () => {
    const { offered, others } = allTimeZones();
    for (const zone of [...offered, ...others]) expect(isTimeZone(zone), zone).toBe(true);
    expect(offered).toEqual(TIMEZONES);
    expect(others).toContain('America/Sao_Paulo');
    // The runtime's name for the spec's Asia/Kolkata is not offered twice.
    expect(others).not.toContain('Asia/Calcutta');
    expect(others.length).toBeGreaterThan(300);
  });

  it('refuses garbage with the spec’s message', () => {
    for (const zone of ['Mars/Olympus_Mons', 'europe/london', 'Europe/London; drop table', '', 'GMT+5', 42]) {
      expect(messages(sessionInputSchema.safeParse(session(zone))), String(zone)).toContain('Timezone is required');
      expect(messages(createEventSchema.safeParse(event(zone))), String(zone)).toContain('Timezone is required');
    }
  });

  it('keeps the shape the database checks in step with what the API accepts', () => {
    const pattern = new RegExp(TIME_ZONE_PATTERN);
    for (const zone of [...TIMEZONES, ...allTimeZones().others]) expect(pattern.test(zone), zone).toBe(true);
  });

  it('defaults events and sessions without a zone to UTC', () => {
    expect(createEventSchema.parse(event(undefined)).timezone).toBe('UTC');
    expect(sessionInputSchema.parse(session(undefined)).timezone).toBe('UTC');
  });
});
