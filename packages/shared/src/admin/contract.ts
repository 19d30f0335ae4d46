import { z } from 'zod';
import { PLATFORM_ROLES } from '../core/constants.ts';

// What the Super Admin Dashboard API answers (its tickets: support/contract.ts). The server's routes answer with
// these schemas (the OpenAPI document names them by their id) and both apps infer their types from them.

export const adminStatsSchema = z
  .object({
    totalUsers: z.number(),
    totalEvents: z.number(),
    activeEvents: z.number(),
    totalVolunteers: z.number(),
    goodiesDistributed: z.number(),
    openTickets: z.number(),
    health: z.object({ status: z.enum(['Good', 'Degraded']), databaseMs: z.number() }),
  })
  .meta({ id: 'AdminStats' });
export type AdminStatsDto = z.output<typeof adminStatsSchema>;

/** GET /api/admin/queue: the job queue's health (emails now; push and reminders as they join it). */
export const queueHealthSchema = z
  .object({
    /** Jobs waiting to run, including those waiting for their next retry. */
    waiting: z.number(),
    active: z.number(),
    /** Jobs whose last try failed in the last 24 hours. */
    failedLastDay: z.number(),
    /** Jobs kept in the dead-letter queues after their last try. */
    deadLettered: z.number(),
    /** Emails that failed for good or bounced in the last 24 hours. */
    mailFailedLastDay: z.number(),
  })
  .meta({ id: 'QueueHealth' });
export type QueueHealthDto = z.output<typeof queueHealthSchema>;

export const adminUserSchema = z
  .object({ id: z.uuid(), fullName: z.string(), email: z.string(), roles: z.array(z.enum(PLATFORM_ROLES)), createdAt: z.string() })
  .meta({ id: 'AdminUser' });
export type AdminUserDto = z.output<typeof adminUserSchema>;
export const adminUserPageSchema = z.object({ items: z.array(adminUserSchema), nextCursor: z.string().nullable() });

export const userRolesSchema = z.object({ userId: z.uuid(), roles: z.array(z.enum(PLATFORM_ROLES)) });

export const adminEventSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    /** The zone the event's dates are shown in (an IANA name). */
    timezone: z.string(),
    ownerName: z.string().nullable(),
    attendees: z.number(),
  })
  .meta({ id: 'AdminEvent' });
export type AdminEventDto = z.output<typeof adminEventSchema>;
export const adminEventPageSchema = z.object({ items: z.array(adminEventSchema), nextCursor: z.string().nullable() });
