import { describe, expect, it } from 'vitest';
import { sessionInputSchema } from '../agenda/inputs.ts';
import { createEventSchema, customDomainSchema, landingConfigSchema } from './inputs.ts';
import { createOptionSchema } from '../options/inputs.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error!.issues[0]!.message;

const event = (patch: Record<string, unknown> = {}) => ({
  name: 'Launch Week',
  startDate: '2026-06-01T09:00:00.000Z',
  endDate: '2026-06-02T17:00:00.000Z',
  ...patch,
});

describe('create event schema (spec 02 section 5)', () => {
  it('accepts a valid event with the defaults', () => {
    const parsed = createEventSchema.parse(event({ name: '  Launch Week  ', location: '' }));
    expect(parsed).toMatchObject({
      name: 'Launch Week',
      eventType: 'in_person',
      location: null,
      description: null,
      allowAttendeeNetworking: false,
      allowSessionMeetings: true,
    });
  });

  it('answers the spec messages', () => {
    expect(firstMessage(createEventSchema.safeParse(event({ name: ' ab ' })))).toBe('Event name must be at least 3 characters');
    expect(firstMessage(createEventSchema.safeParse(event({ startDate: '' })))).toBe('Start date is required');
    expect(firstMessage(createEventSchema.safeParse(event({ endDate: undefined })))).toBe('End date is required');
    expect(firstMessage(createEventSchema.safeParse(event({ endDate: '2026-06-01T09:00:00.000Z' })))).toBe(
      'End date must be after start date',
    );
    expect(firstMessage(createEventSchema.safeParse(event({ endDate: '2026-08-31T09:00:00.000Z' })))).toBe(
      'Event duration cannot exceed 90 days',
    );
    expect(createEventSchema.safeParse(event({ endDate: '2026-08-30T09:00:00.000Z' })).success).toBe(true);
    expect(firstMessage(createEventSchema.safeParse(event({ name: 'x'.repeat(201) })))).toBe(
      'Event name must be less than 200 characters',
    );
  });
});

describe('landing configuration schema', () => {
  it('checks the slug with the spec messages', () => {
    expect(firstMessage(landingConfigSchema.safeParse({ slug: '' }))).toBe('Slug is required');
    expect(firstMessage(landingConfigSchema.safeParse({ slug: 'Not OK' }))).toBe(
      'Slug can only contain lowercase letters, numbers, and hyphens',
    );
    expect(firstMessage(landingConfigSchema.safeParse({ slug: 'ok', description: 'x'.repeat(501) }))).toBe(
      'Description must be less than 500 characters',
    );
  });

  it('lower-cases the custom domain and saves empty as null', () => {
    expect(customDomainSchema.parse('Events.Acme.COM')).toBe('events.acme.com');
    expect(customDomainSchema.parse('https://events.acme.com/')).toBe('events.acme.com');
    expect(customDomainSchema.parse('   ')).toBeNull();
    expect(customDomainSchema.parse(null)).toBeNull();
    expect(customDomainSchema.safeParse('not a domain').success).toBe(false);
  });
});

const session = (patch: Record<string, unknown> = {}) => ({
  title: 'Keynote',
  startTime: '2026-06-01T09:00:00.000Z',
  endTime: '2026-06-01T10:00:00.000Z',
  ...patch,
});

describe('session schema (spec 02 section 5)', () => {
  it('defaults to a topic in UTC with unlimited capacity and no tags', () => {
    expect(sessionInputSchema.parse(session({ maxCapacity: null, referenceUrl: '' }))).toMatchObject({
      sessionType: 'topic',
      timezone: 'UTC',
      maxCapacity: null,
      tags: [],
      referenceUrl: null,
    });
  });

  it('answers the spec messages', () => {
    expect(firstMessage(sessionInputSchema.safeParse(session({ title: '  ' })))).toBe('Session name is required');
    expect(firstMessage(sessionInputSchema.safeParse(session({ title: 'x'.repeat(201) })))).toBe(
      'Session name must be less than 200 characters',
    );
    expect(firstMessage(sessionInputSchema.safeParse(session({ speakerName: 'x'.repeat(501) })))).toBe(
      'Speaker names must be less than 500 characters',
    );
    expect(firstMessage(sessionInputSchema.safeParse(session({ startTime: '' })))).toBe('Start time is required');
    expect(firstMessage(sessionInputSchema.safeParse(session({ endTime: '' })))).toBe('End time is required');
    expect(firstMessage(sessionInputSchema.safeParse(session({ timezone: 'Mars/Olympus' })))).toBe('Timezone is required');
    expect(firstMessage(sessionInputSchema.safeParse(session({ sessionType: 'workshop' })))).toBe(
      'Host name is required for workshop sessions',
    );
    expect(firstMessage(sessionInputSchema.safeParse(session({ referenceUrl: 'javascript:alert(1)' })))).toBe('Must be a valid URL');
    expect(firstMessage(sessionInputSchema.safeParse(session({ referenceUrl: `https://x.io/${'a'.repeat(500)}` })))).toBe(
      'Reference URL must be less than 500 characters',
    );
  });

  it('keeps tags unique and at most 10, and capacity positive', () => {
    expect(sessionInputSchema.safeParse(session({ tags: ['ai', 'AI'] })).success).toBe(false);
    expect(sessionInputSchema.safeParse(session({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).success).toBe(false);
    expect(sessionInputSchema.safeParse(session({ tags: Array.from({ length: 10 }, (_, i) => `t${i}`) })).success).toBe(true);
    expect(sessionInputSchema.safeParse(session({ maxCapacity: 0 })).success).toBe(false);
    expect(sessionInputSchema.safeParse(session({ maxCapacity: 2.5 })).success).toBe(false);
  });
});

describe('option schema', () => {
  it('trims names and refuses blanks', () => {
    expect(createOptionSchema.parse({ name: '  Robotics ' })).toEqual({ name: 'Robotics', eventId: null });
    expect(createOptionSchema.safeParse({ name: '   ' }).success).toBe(false);
  });
});
