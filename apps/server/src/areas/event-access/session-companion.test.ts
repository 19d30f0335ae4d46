import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resolveCaller } from '../../platform/auth/session.ts';
import { authSessions } from '../../platform/db/schema/auth.ts';
import { eventAttendees } from '../../platform/db/schema/events.ts';
import { addAttendee, createEvent, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';
import { loadEventRelation, loadEventWithRelation } from './relation.ts';
import { eventWithSession } from './session-companion.ts';

// An event route's path event is read in the session's own statement (decision 0158). It must be exactly as strict
// as the two reads it replaces: the session live, the relation the caller's own, and fresh after the route's writes.

const server = useTestServer();

const viewerOf = async (response: Response) => ((await response.json()) as { viewer: { isAttendee: boolean; canManage: boolean } }).viewer;
const callerOn = (headers: Headers, path: string) => resolveCaller(server.ctx, headers, { path, companion: eventWithSession });

describe('the event read with the session', () => {
  it('gives each caller their own standing with the event of the path', async () => {
    const { event, owner, attendee, stranger } = await eventWithCast(server);
    const path = `/api/events/${event.id}`;
    expect(await viewerOf(await server.request(path, { headers: owner.headers }))).toMatchObject({ canManage: true, isAttendee: false });
    expect(await viewerOf(await server.request(path, { headers: attendee.headers }))).toMatchObject({ canManage: false, isAttendee: true });
    expect((await server.request(path, { headers: stranger.headers })).status).toBe(404);
    expect((await server.request(`/api/events/${randomUUID()}`, { headers: owner.headers })).status).toBe(404);
  });

  it('refuses a revoked or expired session on an event path, as on any other', async () => {
    const { event, attendee, owner } = await eventWithCast(server);
    const path = `/api/events/${event.id}`;
    await server.ctx.db.delete(authSessions).where(eq(authSessions.userId, attendee.user.id));
    expect((await server.request(path, { headers: attendee.headers })).status).toBe(401);
    await server.ctx.db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authSessions.userId, owner.user.id));
    expect((await server.request(path, { headers: owner.headers })).status).toBe(401);
  });

  it('answers the first load of that event only, outside a transaction; later loads read again', async () => {
    const { user, headers } = await signedInUser(server);
    const event = await createEvent(server.ctx, (await signedInUser(server)).user.id);
    await addAttendee(server.ctx, event.id, user.id);
    const caller = (await callerOn(headers, `/api/events/${event.id}/agenda`))!;
    expect(caller.userId).toBe(user.id);

    // Left after the session was read: the first load still sees what the request began with, the next one the change.
    await server.ctx.db.delete(eventAttendees).where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, user.id)));
    expect((await loadEventRelation(server.ctx.db, caller, event.id))?.isAttendee).toBe(true);
    expect((await loadEventRelation(server.ctx.db, caller, event.id))?.isAttendee).toBe(false);

    const again = (await callerOn(headers, `/api/events/${event.id}`))!;
    await addAttendee(server.ctx, event.id, user.id);
    // Inside a transaction the read is never taken: the transaction sees its own writes and holds its own locks.
    const inTransaction = await server.ctx.db.transaction((tx) => loadEventRelation(tx, again, event.id));
    expect(inTransaction?.isAttendee).toBe(true);
    expect((await loadEventWithRelation(server.ctx.db, again, event.id))?.relation.isAttendee).toBe(false);
  });

  it('reads nothing along for another event, a malformed id or a path outside the event routes', async () => {
    const { user, headers } = await signedInUser(server);
    const mine = await createEvent(server.ctx, user.id);
    const other = await createEvent(server.ctx, user.id);
    const caller = (await callerOn(headers, `/api/events/${mine.id}`))!;
    expect((await loadEventRelation(server.ctx.db, caller, other.id))?.isOwner).toBe(true);
    expect(eventWithSession.keyOf(`/api/events/not-a-uuid`)).toBeNull();
    expect(eventWithSession.keyOf(`/api/eventsx/${mine.id}`)).toBeNull();
    expect(eventWithSession.keyOf(`/api/me`)).toBeNull();
    expect(eventWithSession.keyOf(`/api/events/${mine.id}/feed`)).toBe(mine.id);
  });
});
