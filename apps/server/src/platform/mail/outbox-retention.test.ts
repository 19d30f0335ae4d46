import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { OUTBOX_RETENTION_DAYS, purgeOutbox } from './outbox-retention.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const DAY = 86_400_000;

describe('outbox retention', () => {
  it(`deletes the messages older than ${OUTBOX_RETENTION_DAYS} days, whatever their status, and keeps the rest`, async () => {
    const now = new Date();
    const message = (ageDays: number, status: 'sent' | 'failed' | 'stored') => ({
      to: `retention-${randomUUID()}@acme-test.com`,
      subject: 'Your code',
      text: 'Code: 123456',
      status,
      createdAt: new Date(now.getTime() - ageDays * DAY),
    });
    const rows = await server.ctx.db
      .insert(mailOutbox)
      .values([message(OUTBOX_RETENTION_DAYS + 1, 'sent'), message(OUTBOX_RETENTION_DAYS + 30, 'failed'), message(OUTBOX_RETENTION_DAYS - 1, 'stored'), message(0, 'sent')])
      .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });

    expect(await purgeOutbox(server.ctx.db, now)).toBeGreaterThanOrEqual(2);
    const left = await server.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.id, rows.map((row) => row.id)));
    expect(left.map((row) => row.id).sort()).toEqual([rows[2]!.id, rows[3]!.id].sort());
  });
});
