import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS } from '@mingle/shared/webhooks/contract';
import { authUsers } from './auth.ts';
import { events } from './events.ts';
import { inList } from './sql-helpers.ts';

/**
 * An organizer's webhook endpoint for one event (issue 21, decision 0171): where to post, which event types, and the
 * signing secret (kept as is: the server signs with it on every delivery, so it cannot be hashed). Turned off by an
 * organizer (`manual`) or by the server after repeated failures (`failing`). `drain_lease_until` marks the one worker
 * delivering this endpoint's queue, so its deliveries leave one at a time, in order.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text().notNull().default(''),
    eventTypes: text().array().notNull(),
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: text(),
    disabledAt: timestamp({ withTimezone: true }),
    consecutiveFailures: integer().notNull().default(0),
    drainLeaseUntil: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A write of an event with no endpoints asks this index once and finds nothing.
    index('webhook_endpoints_event_idx').on(t.eventId, t.createdAt),
    index('webhook_endpoints_created_by_idx').on(t.createdBy),
    check('webhook_endpoints_disabled_reason_check', sql`${t.disabledReason} is null or ${inList(t.disabledReason, WEBHOOK_DISABLED_REASONS)}`),
    check('webhook_endpoints_types_check', sql`cardinality(${t.eventTypes}) > 0`),
  ],
);

/**
 * One message to one endpoint, and its log: the body as sent, its status and the last try's outcome. `webhook_id` is
 * the `webhook-id` header: the row's own id, and on a resend the original's (a new row, so the log keeps both).
 * `sequence` orders an endpoint's deliveries: its drain sends the pending ones by it, the first blocking the rest
 * until it succeeds or fails for good.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    webhookId: uuid().notNull(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    payload: jsonb().notNull(),
    sequence: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastStatusCode: integer(),
    lastError: text(),
    lastDurationMs: integer(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The drain: an endpoint's pending deliveries in order.
    index('webhook_deliveries_pending_idx').on(t.endpointId, t.sequence).where(sql`${t.status} = 'pending'`),
    // The log page: an endpoint's deliveries newest first.
    index('webhook_deliveries_log_idx').on(t.endpointId, t.createdAt, t.id),
    index('webhook_deliveries_webhook_id_idx').on(t.webhookId),
    check('webhook_deliveries_status_check', inList(t.status, WEBHOOK_DELIVERY_STATUSES)),
  ],
);
