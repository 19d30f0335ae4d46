import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventAnalytics, sponsorAnalytics } from '../../platform/db/schema/analytics.ts';
import { mailOutbox } from '../../platform/db/schema/mail.ts';
import { sponsors } from '../../platform/db/schema/sponsors.ts';
import { webhookDeliveries, webhookEndpoints } from '../../platform/db/schema/webhooks.ts';
import { createEvent } from '../../test/event-factories.ts';
import { createUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';
import { purgeExpiredRows, RETENTION_BATCH, RETENTION_QUEUE } from './retention.ts';

const server = useTestServer();

const DAY = 86_400_000;
const kept = { mailDays: 14, webhookDeliveriesDays: 30, analyticsDays: 365 };
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

describe('retention', () => {
  it('removes mail, finished webhook deliveries and analytics older than their days, and keeps the rest', async () => {
    const now = new Date();
    const mail = await server.ctx.db
      .insert(mailOutbox)
      .values([15, 40, 13, 0].map((days) => ({ to: `retention-${randomUUID()}@acme-test.com`, subject: 'Your code', text: 'Code: 123456', status: 'sent' as const, createdAt: ago(now, days) })))
      .returning({ id: mailOutbox.id });

    const event = await createEvent(server.ctx, (await createUser(server.ctx)).id);
    const [endpoint] = await server.ctx.db
      .insert(webhookEndpoints)
      .values({ eventId: event.id, url: 'https://93.184.215.14/retention', eventTypes: ['ping'], secret: 'whsec_retention', drainLeaseUntil: new Date(now.getTime() + DAY) })
      .returning();
    const delivery = (days: number, status: string) => {
      const id = randomUUID();
      return { id, webhookId: id, endpointId: endpoint!.id, type: 'ping', payload: {}, status, createdAt: ago(now, days) };
    };
    const deliveries = await server.ctx.db
      .insert(webhookDeliveries)
      .values([delivery(31, 'delivered'), delivery(31, 'failed'), delivery(31, 'pending'), delivery(29, 'delivered')])
      .returning({ id: webhookDeliveries.id });

    const [sponsor] = await server.ctx.db.insert(sponsors).values({ eventId: event.id, companyName: 'Retention Robotics' }).returning();
    const visits = await server.ctx.db
      .insert(sponsorAnalytics)
      .values([366, 364].map((days) => ({ sponsorId: sponsor!.id, eventId: event.id, actionType: 'booth_visit' as const, createdAt: ago(now, days) })))
      .returning({ id: sponsorAnalytics.id });
    const views = await server.ctx.db
      .insert(eventAnalytics)
      .values([366, 1].map((days) => ({ eventId: event.id, metricType: 'page_view' as const, createdAt: ago(now, days) })))
      .returning({ id: eventAnalytics.id });

    const purged = await purgeExpiredRows(server.ctx.db, kept, now);
    expect(purged.mail).toBeGreaterThanOrEqual(2);
    expect(purged.webhooks).toBeGreaterThanOrEqual(2);
    expect(purged.analytics).toBeGreaterThanOrEqual(2);

    const left = async (table: typeof mailOutbox | typeof webhookDeliveries | typeof sponsorAnalytics | typeof eventAnalytics, rows: { id: string }[]) =>
      (await server.ctx.db.select({ id: table.id }).from(table).where(inArray(table.id, rows.map((row) => row.id)))).map((row) => row.id).sort();
    expect(await left(mailOutbox, mail)).toEqual([mail[2]!.id, mail[3]!.id].sort());
    expect(await left(webhookDeliveries, deliveries)).toEqual([deliveries[2]!.id, deliveries[3]!.id].sort());
    expect(await left(sponsorAnalytics, visits)).toEqual([visits[1]!.id]);
    expect(await left(eventAnalytics, views)).toEqual([views[1]!.id]);
  });

  it('goes on past one batch until every old row is gone', async () => {
    const now = new Date();
    const rows = await server.ctx.db
      .insert(mailOutbox)
      .values(Array.from({ length: RETENTION_BATCH + 5 }, () => ({ to: `batch-${randomUUID()}@acme-test.com`, subject: 'Your code', text: 'Code: 123456', status: 'sent' as const, createdAt: ago(now, 20) })))
      .returning({ id: mailOutbox.id });
    await purgeExpiredRows(server.ctx.db, kept, now);
    expect(await server.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.id, rows.map((row) => row.id)))).toEqual([]);
  });

  it('is a daily job of the queue', async () => {
    expect(await server.ctx.jobs.schedules()).toContainEqual({ name: RETENTION_QUEUE, cron: '17 3 * * *' });
  });
});
