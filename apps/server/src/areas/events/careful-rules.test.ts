import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eventAttendees, events, userEventAccess } from '../../platform/db/schema/events.ts';
import { storedFiles } from '../../platform/db/schema/files.ts';
import { createEvent, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, jsonRequest, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

// Issue 17, "Rules a careful user expects": no event in the past, no registration once it has ended (decision
// 0105), and a landing-page save that fails changes nothing, its logo included.

const server = useTestServer();

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);
const send = (method: string, path: string, body: unknown, headers?: Headers) =>
  server.request(path, jsonRequest(body, { method, headers: server.browserHeaders(headers) }));
/** The event's stored row: what a refused change must leave as it was. */
const eventRow = (id: string) => server.ctx.db.select().from(events).where(eq(events.id, id));
/** Who attends the event: what a refused registration must leave as it was. */
const attendeesOf = async (eventId: string) => ({
  attendees: await server.ctx.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, eventId)),
  access: await server.ctx.db.select().from(userEventAccess).where(eq(userEventAccess.eventId, eventId)),
});

describe('events and time', () => {
  it('refuses to create an event that starts in the past, and writes nothing', async () => {
    const { headers } = await signedInUser(server);
    const name = `Yesterday ${Date.now()}`;
    const refused = await send('POST', '/api/events', { name, startDate: at(-24).toISOString(), endDate: at(-20).toISOString() }, headers);
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toEqual({ code: 'validation_failed', message: 'Start date cannot be in the past' });
    const [written] = await server.ctx.db.select({ total: count() }).from(events).where(eq(events.name, name));
    expect(written!.total).toBe(0);
    // A few minutes ago is "now": the form picks minutes, and a submit takes a moment.
    expect((await send('POST', '/api/events', { name, startDate: at(-0.05).toISOString(), endDate: at(3).toISOString() }, headers)).status).toBe(201);
  });

  it('refuses to move a date into the past, and lets an event under way change the rest', async () => {
    const cast = await eventWithCast(server, { startDate: at(-2), endDate: at(6) });
    const patch = (body: unknown) => send('PATCH', `/api/events/${cast.event.id}`, body, cast.owner.headers);
    await expectNothingWritten(
      () => eventRow(cast.event.id),
      async () => {
        const start = await patch({ startDate: at(-30).toISOString() });
        expect(await errorOf(start)).toEqual({ code: 'validation_failed', message: 'Start date cannot be in the past' });
        const end = await patch({ endDate: at(-1).toISOString() });
        expect(end.status).toBe(400);
        expect((await errorOf(end)).message).toBe('End date cannot be in the past');
      },
    );
    const [stored] = await server.ctx.db.select().from(events).where(eq(events.id, cast.event.id));
    expect(stored!.startDate.getTime()).toBe(cast.event.startDate.getTime());
    expect(stored!.endDate.getTime()).toBe(cast.event.endDate.getTime());
    // Its start stays in the past, unchanged, while the rest changes.
    const renamed = await patch({ name: 'Still running', startDate: cast.event.startDate.toISOString(), endDate: at(8).toISOString() });
    expect(renamed.status).toBe(200);
  });

  it('refuses registration once an event has ended, writes nothing, and offers no Register', async () => {
    const { user: owner } = await signedInUser(server);
    const ended = await createEvent(server.ctx, owner.id, { registrationOpen: true, startDate: at(-30), endDate: at(-1) });
    const upcoming = await createEvent(server.ctx, owner.id, { registrationOpen: true });
    const { headers } = await signedInUser(server);
    const view = async (eventId: string) => ((await (await server.request(`/api/events/${eventId}`, { headers })).json()) as { viewer: { canRegister: boolean } }).viewer;
    expect((await view(ended.id)).canRegister).toBe(false);
    expect((await view(upcoming.id)).canRegister).toBe(true);
    await expectNothingWritten(
      () => attendeesOf(ended.id),
      async () => {
        const refused = await server.request(`/api/events/${ended.id}/registration`, { method: 'POST', headers: server.browserHeaders(headers) });
        expect(refused.status).toBe(409);
        expect(await errorOf(refused)).toEqual({ code: 'event_ended', message: 'This event has ended' });
      },
    );
    const [attendees] = await server.ctx.db.select({ total: count() }).from(eventAttendees).where(eq(eventAttendees.eventId, ended.id));
    expect(attendees!.total).toBe(0);
  });
});

describe('a landing-page save with a new logo', () => {
  const png = (colour: string) => sharp({ create: { width: 40, height: 40, channels: 3, background: colour } }).png().toBuffer();
  const save = async (eventId: string, fields: Record<string, string>, logo: Buffer | null, headers: Headers) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (logo) form.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
    return server.request(`/api/events/${eventId}/landing`, { method: 'PUT', body: form, headers: server.browserHeaders(headers) });
  };
  const filesOf = async (eventId: string) =>
    readdir(path.join(server.ctx.config.dataDir, 'uploads', 'event-logos', eventId)).catch(() => [] as string[]);
  /** The event's row and the logo files recorded for it: what a refused save must leave as it was. */
  const landingOf = async (eventId: string) => ({
    event: await eventRow(eventId),
    logos: await server.ctx.db.select().from(storedFiles).where(and(eq(storedFiles.kind, 'event-logo'), eq(storedFiles.recordId, eventId))),
  });

  it('saves the fields and the logo together, and removes the old file', async () => {
    const cast = await eventWithCast(server);
    const slug = `with-logo-${cast.event.id.slice(0, 8)}`;
    const first = await save(cast.event.id, { slug, customDomain: '', description: 'Hello' }, await png('#5b3fd9'), cast.owner.headers);
    expect(first.status).toBe(200);
    const saved = (await first.json()) as { slug: string; description: string; logoUrl: string };
    expect(saved).toMatchObject({ slug, description: 'Hello' });
    expect(saved.logoUrl).toMatch(/^\/files\/event-logos\/.+\.(png|webp)$/);
    const second = (await (await save(cast.event.id, { slug, customDomain: '' }, await png('#ffffff'), cast.owner.headers)).json()) as { logoUrl: string; description: string };
    expect(second.description).toBe('Hello'); // not sent: unchanged
    expect((await server.request(saved.logoUrl)).status).toBe(404);
    expect(await filesOf(cast.event.id)).toHaveLength(1);
  });

  it('changes nothing when the slug is taken: not the event, not its logo, no new file', async () => {
    const cast = await eventWithCast(server);
    const other = await createEvent(server.ctx, cast.otherOwner.user.id);
    const slug = `kept-${cast.event.id.slice(0, 8)}`;
    const before = (await (await save(cast.event.id, { slug, customDomain: '', description: 'Before' }, await png('#5b3fd9'), cast.owner.headers)).json()) as {
      logoUrl: string;
    };
    const refused = await save(cast.event.id, { slug: other.slug, customDomain: '', description: 'After' }, await png('#ff0000'), cast.owner.headers);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({ code: 'conflict', message: 'This slug is already in use. Please choose a different one.' });
    const [row] = await server.ctx.db.select().from(events).where(eq(events.id, cast.event.id));
    expect(row).toMatchObject({ slug, description: 'Before', logoUrl: before.logoUrl });
    expect((await server.request(before.logoUrl)).status).toBe(200);
    expect(await filesOf(cast.event.id)).toHaveLength(1);
    const [records] = await server.ctx.db
      .select({ total: count() })
      .from(storedFiles)
      .where(and(eq(storedFiles.kind, 'event-logo'), eq(storedFiles.recordId, cast.event.id)));
    expect(records!.total).toBe(1);
  });

  it('checks the fields and the caller as the JSON save does', async () => {
    const cast = await eventWithCast(server);
    const logo = await png('#5b3fd9');
    await expectNothingWritten(
      () => landingOf(cast.event.id),
      async () => {
        const bad = await save(cast.event.id, { slug: 'Has Spaces' }, logo, cast.owner.headers);
        expect(bad.status).toBe(400);
        expect((await errorOf(bad)).message).toBe('Slug can only contain lowercase letters, numbers, and hyphens');
        expect((await save(cast.event.id, { slug: 'fine-slug-x' }, logo, cast.attendee.headers)).status).toBe(403);
        expect((await save(cast.event.id, { slug: 'fine-slug-x' }, logo, cast.otherOwner.headers)).status).toBe(404);
      },
    );
    expect(await filesOf(cast.event.id)).toHaveLength(0);
  });
});
