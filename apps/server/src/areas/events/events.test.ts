import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eventAnalytics } from '../../platform/db/schema/analytics.ts';
import { userRoles } from '../../platform/db/schema/auth.ts';
import { eventAttendees, events, userEventAccess } from '../../platform/db/schema/events.ts';
import { sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { addAttendee, addVolunteer, createEvent, createSession, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, jsonRequest, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();

const HOUR = 3_600_000;
const inDays = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString();
/** The event's stored row: what a refused change or delete must leave as it was. */
const eventRow = (id: string) => server.ctx.db.select().from(events).where(eq(events.id, id));
/** Who attends the event: what a refused registration must leave as it was. */
const attendeesOf = async (eventId: string) => ({
  attendees: await server.ctx.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, eventId)),
  access: await server.ctx.db.select().from(userEventAccess).where(eq(userEventAccess.eventId, eventId)),
});
const validEvent = (patch: Record<string, unknown> = {}) => ({
  name: 'Launch Week 2026',
  description: 'A week of launches.',
  startDate: inDays(10),
  endDate: inDays(11),
  eventType: 'hybrid',
  location: 'Berlin',
  ...patch,
});
const post = (path: string, body: unknown, headers?: Headers) => server.request(path, jsonRequest(body, { headers: server.browserHeaders(headers) }));
const send = (method: string, path: string, body: unknown, headers?: Headers) =>
  server.request(path, jsonRequest(body, { method, headers: server.browserHeaders(headers) }));

interface EventJson {
  id: string;
  slug: string;
  name: string;
  eventType: string;
  location: string | null;
  customDomain: string | null;
  description: string | null;
  logoUrl: string | null;
  allowAttendeeNetworking: boolean;
  allowSessionMeetings: boolean;
  registrationOpen: boolean;
  createdBy: string;
  viewer: Record<string, boolean>;
}

describe('create event', () => {
  it('makes the creator owner and event_owner, with a slug from the name and the defaults', async () => {
    const { user, headers } = await signedInUser(server);
    const response = await post('/api/events', validEvent({ eventType: undefined, location: '', description: undefined }), headers);
    expect(response.status).toBe(201);
    const event = (await response.json()) as EventJson;
    expect(event).toMatchObject({
      name: 'Launch Week 2026',
      eventType: 'in_person',
      location: null,
      allowAttendeeNetworking: false,
      allowSessionMeetings: true,
      registrationOpen: false,
      createdBy: user.id,
    });
    expect(event.slug).toMatch(/^launch-week-2026(-[a-z0-9]{5})?$/);
    expect(event.viewer).toMatchObject({ isOwner: true, canManage: true, canDelete: true, canParticipate: true });
    const roles = await server.ctx.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
    expect(roles.map((row) => row.role)).toContain('event_owner');
    const [access] = await server.ctx.db.select().from(userEventAccess).where(eq(userEventAccess.eventId, event.id));
    expect(access).toMatchObject({ userId: user.id, accessType: 'organizer' });
  });

  it('answers the spec messages for each rule', async () => {
    const { headers } = await signedInUser(server);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ab ' }, 'Event name must be at least 3 characters'],
      [{ name: 'x'.repeat(201) }, 'Event name must be less than 200 characters'],
      [{ startDate: '' }, 'Start date is required'],
      [{ endDate: undefined }, 'End date is required'],
      [{ endDate: inDays(9) }, 'End date must be after start date'],
      [{ endDate: inDays(10 + 91) }, 'Event duration cannot exceed 90 days'],
      [{ description: 'x'.repeat(2001) }, 'Description must be less than 2000 characters'],
      [{ location: 'x'.repeat(201) }, 'Location must be less than 200 characters'],
      [{ eventType: 'festival' }, 'Please choose an event type'],
    ];
    for (const [patch, message] of cases) {
      const response = await post('/api/events', validEvent(patch), headers);
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toEqual({ code: 'validation_failed', message });
    }
    expect((await post('/api/events', validEvent({ endDate: inDays(100) }), headers)).status).toBe(201);
  });

  it('refuses a visitor', async () => {
    expect((await post('/api/events', validEvent())).status).toBe(401);
  });

  it('gives every event a unique slug, also when many with the same name are created at once', async () => {
    const { headers } = await signedInUser(server);
    const name = `Same Name ${Date.now()}`;
    const responses = await Promise.all(Array.from({ length: 10 }, () => post('/api/events', validEvent({ name }), headers)));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    const slugs = await Promise.all(responses.map(async (response) => ((await response.json()) as EventJson).slug));
    expect(new Set(slugs).size).toBe(10);
    expect(slugs).toContain(`same-name-${name.split(' ')[2]}`);
    for (const slug of slugs) expect(slug).toMatch(/^same-name-\d+(-[a-z0-9]{5})?$/);
  });
});

describe('event permissions', () => {
  it('lets owner, co-owner and super admin manage; refuses volunteer and attendee (403), others (404), visitors (401)', async () => {
    const cast = await eventWithCast(server);
    const patch = (headers?: Headers) => send('PATCH', `/api/events/${cast.event.id}`, { registrationOpen: true }, headers);
    for (const who of [cast.owner, cast.coOwner, cast.admin]) expect((await patch(who.headers)).status).toBe(200);
    // Closed again, so that a refused opening would show.
    await server.ctx.db.update(events).set({ registrationOpen: false }).where(eq(events.id, cast.event.id));
    await expectNothingWritten(
      () => eventRow(cast.event.id),
      async () => {
        for (const who of [cast.volunteer, cast.attendee]) {
          const response = await patch(who.headers);
          expect(response.status).toBe(403);
          expect((await errorOf(response)).code).toBe('forbidden');
        }
        for (const who of [cast.otherOwner, cast.stranger]) {
          const response = await patch(who.headers);
          expect(response.status).toBe(404);
          expect(await errorOf(response)).toEqual({ code: 'not_found', message: 'Event not found' });
        }
        expect((await patch()).status).toBe(401);
      },
    );
    expect((await send('PATCH', '/api/events/not-a-uuid', { registrationOpen: true }, cast.owner.headers)).status).toBe(404);
  });

  it('keeps the date rules when settings change', async () => {
    const cast = await eventWithCast(server);
    const response = await send(
      'PATCH',
      `/api/events/${cast.event.id}`,
      { endDate: new Date(cast.event.startDate.getTime() - HOUR).toISOString() },
      cast.owner.headers,
    );
    expect(await errorOf(response)).toEqual({ code: 'validation_failed', message: 'End date must be after start date' });
  });

  it('lets only the owner and a super admin delete an event', async () => {
    const cast = await eventWithCast(server);
    const remove = (headers?: Headers) => server.request(`/api/events/${cast.event.id}`, { method: 'DELETE', headers: server.browserHeaders(headers) });
    await expectNothingWritten(
      () => eventRow(cast.event.id),
      async () => {
        expect((await remove()).status).toBe(401);
        expect((await remove(cast.coOwner.headers)).status).toBe(403);
        expect((await remove(cast.attendee.headers)).status).toBe(403);
        expect((await remove(cast.otherOwner.headers)).status).toBe(404);
      },
    );
    expect((await remove(cast.owner.headers)).status).toBe(204);
    expect((await remove(cast.owner.headers)).status).toBe(404);

    const second = await eventWithCast(server);
    expect((await server.request(`/api/events/${second.event.id}`, { method: 'DELETE', headers: server.browserHeaders(second.admin.headers) })).status).toBe(204);
  });

  it('shows an event to its participants, and to anyone while registration is open', async () => {
    const cast = await eventWithCast(server);
    const get = (headers?: Headers) => server.request(`/api/events/${cast.event.id}`, { headers });
    for (const who of [cast.owner, cast.coOwner, cast.volunteer, cast.attendee, cast.admin]) expect((await get(who.headers)).status).toBe(200);
    expect((await get(cast.stranger.headers)).status).toBe(404);
    const attendeeView = (await (await get(cast.attendee.headers)).json()) as EventJson;
    expect(attendeeView.viewer).toMatchObject({ canManage: false, canDelete: false, canParticipate: true, canRegister: false });
    const coOwnerView = (await (await get(cast.coOwner.headers)).json()) as EventJson;
    expect(coOwnerView.viewer).toMatchObject({ canManage: true, canDelete: false });
    await server.ctx.db.update(events).set({ registrationOpen: true }).where(eq(events.id, cast.event.id));
    const strangerView = (await (await get(cast.stranger.headers)).json()) as EventJson;
    expect(strangerView.viewer).toMatchObject({ canParticipate: false, canRegister: true, canManage: false });
  });
});

describe('dashboard lists', () => {
  it('All Events: own and joined events plus open registration; My Events: registered only; super admin: all', async () => {
    const { user, headers } = await signedInUser(server);
    const { user: other } = await signedInUser(server);
    const owned = await createEvent(server.ctx, user.id, { name: 'Owned' });
    const joined = await createEvent(server.ctx, other.id, { name: 'Joined' });
    await addAttendee(server.ctx, joined.id, user.id);
    const open = await createEvent(server.ctx, other.id, { name: 'Open', registrationOpen: true });
    const hidden = await createEvent(server.ctx, other.id, { name: 'Hidden' });

    // All Events pages through every event of the shared test database the caller may see (other files add many
    // open ones): read every page.
    const page = async (h: Headers, cursor?: string) =>
      (await (await server.request(`/api/events?scope=all&limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: h })).json()) as {
        events: EventJson[];
        nextCursor: string | null;
      };
    const allIds = async (h: Headers) => {
      const ids: string[] = [];
      for (let current = await page(h); ; current = await page(h, current.nextCursor!)) {
        ids.push(...current.events.map((event) => event.id));
        if (!current.nextCursor) return ids;
      }
    };
    const ids = await allIds(headers);
    expect(ids).toEqual(expect.arrayContaining([owned.id, joined.id, open.id]));
    expect(ids).not.toContain(hidden.id);

    const mine = (await (await server.request('/api/events?scope=registered', { headers })).json()) as { events: EventJson[] };
    expect(mine.events.map((event) => event.id)).toEqual([joined.id]);
    expect(mine.events[0]!.viewer).toMatchObject({ isAttendee: true, canParticipate: true, canManage: false });

    const admin = await signedInUser(server, { roles: ['super_admin'] });
    expect(await allIds(admin.headers)).toEqual(expect.arrayContaining([owned.id, joined.id, open.id, hidden.id]));
    expect((await server.request('/api/events')).status).toBe(401);
  });

  it('Participating: only the events the caller takes part in, whatever the role, never an open stranger one', async () => {
    const { user, headers } = await signedInUser(server);
    const { user: other } = await signedInUser(server);
    const owned = await createEvent(server.ctx, user.id, { name: 'Owned' });
    const volunteering = await createEvent(server.ctx, other.id, { name: 'Volunteering' });
    await addVolunteer(server.ctx, volunteering.id, user.id);
    const represented = await createEvent(server.ctx, other.id, { name: 'Represented' });
    const [sponsor] = await server.ctx.db.insert(sponsors).values({ eventId: represented.id, companyName: 'Rep Co' }).returning({ id: sponsors.id });
    await server.ctx.db.insert(sponsorRepresentatives).values({ sponsorId: sponsor!.id, userId: user.id, addedBy: other.id });
    const open = await createEvent(server.ctx, other.id, { name: 'Open to all', registrationOpen: true });

    const list = (await (await server.request('/api/events?scope=participating&limit=100', { headers })).json()) as { events: EventJson[] };
    const ids = list.events.map((event) => event.id);
    expect(ids.sort()).toEqual([owned.id, volunteering.id, represented.id].sort());
    expect(ids).not.toContain(open.id);
  });

  it('pages by cursor without repeating or skipping an event', async () => {
    const { user, headers } = await signedInUser(server);
    const start = Date.now() + 30 * 24 * HOUR;
    for (let index = 0; index < 5; index++) {
      await createEvent(server.ctx, user.id, { name: `Paged ${index}`, startDate: new Date(start + index * HOUR), endDate: new Date(start + 10 * HOUR) });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/events?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await (await server.request(query, { headers })).json()) as { events: EventJson[]; nextCursor: string | null };
      seen.push(...page.events.map((event) => event.name).filter((name) => name.startsWith('Paged')));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Paged 0', 'Paged 1', 'Paged 2', 'Paged 3', 'Paged 4']);
    expect((await server.request('/api/events?cursor=garbage', { headers })).status).toBe(400);
  });
});

describe('registration', () => {
  it('registers once however many clicks arrive at once: attendee, access and one registration metric', async () => {
    const { user: owner } = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.id, { registrationOpen: true });
    const { user, headers } = await signedInUser(server);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => server.request(`/api/events/${event.id}/registration`, { method: 'POST', headers: server.browserHeaders(headers) })),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const created = await Promise.all(responses.map(async (response) => ((await response.json()) as { created: boolean }).created));
    expect(created.filter(Boolean)).toHaveLength(1);
    const [attendees] = await server.ctx.db.select({ total: count() }).from(eventAttendees).where(eq(eventAttendees.eventId, event.id));
    expect(attendees!.total).toBe(1);
    const [access] = await server.ctx.db.select().from(userEventAccess).where(and(eq(userEventAccess.eventId, event.id), eq(userEventAccess.userId, user.id)));
    expect(access!.accessType).toBe('registered_attendee');
    const [metrics] = await server.ctx.db
      .select({ total: count() })
      .from(eventAnalytics)
      .where(and(eq(eventAnalytics.eventId, event.id), eq(eventAnalytics.metricType, 'registration')));
    expect(metrics!.total).toBe(1);
    const view = (await (await server.request(`/api/events/${event.id}`, { headers })).json()) as EventJson;
    expect(view.viewer).toMatchObject({ isAttendee: true, canParticipate: true, canRegister: false });
  });

  it('refuses an event whose registration is closed (404 to a stranger) and a visitor', async () => {
    const { user: owner } = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.id);
    const { headers } = await signedInUser(server);
    await expectNothingWritten(
      () => attendeesOf(event.id),
      async () => {
        expect((await server.request(`/api/events/${event.id}/registration`, { method: 'POST', headers: server.browserHeaders(headers) })).status).toBe(404);
        expect((await server.request(`/api/events/${event.id}/registration`, { method: 'POST', headers: server.browserHeaders() })).status).toBe(401);
      },
    );
  });
});

describe('landing page configuration', () => {
  it('saves slug, lower-cased custom domain and description; empty domain is null', async () => {
    const cast = await eventWithCast(server);
    const slug = `landing-${cast.event.id.slice(0, 8)}`;
    const domain = `Events-${cast.event.id.slice(0, 8)}.Example.COM`;
    const response = await send('PUT', `/api/events/${cast.event.id}/landing`, { slug, customDomain: domain, description: 'Hello' }, cast.coOwner.headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ slug, customDomain: domain.toLowerCase(), description: 'Hello' });
    const cleared = await send('PUT', `/api/events/${cast.event.id}/landing`, { slug, customDomain: '' }, cast.owner.headers);
    expect(await cleared.json()).toMatchObject({ customDomain: null, description: 'Hello' });
  });

  it("answers the spec's message when the slug is taken, and the slug rules", async () => {
    const cast = await eventWithCast(server);
    const other = await createEvent(server.ctx, cast.otherOwner.user.id);
    const taken = await send('PUT', `/api/events/${cast.event.id}/landing`, { slug: other.slug }, cast.owner.headers);
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toEqual({ code: 'conflict', message: 'This slug is already in use. Please choose a different one.' });
    const bad = await send('PUT', `/api/events/${cast.event.id}/landing`, { slug: 'Has Spaces' }, cast.owner.headers);
    expect((await errorOf(bad)).message).toBe('Slug can only contain lowercase letters, numbers, and hyphens');
    const empty = await send('PUT', `/api/events/${cast.event.id}/landing`, { slug: '' }, cast.owner.headers);
    expect((await errorOf(empty)).message).toBe('Slug is required');
    const long = await send('PUT', `/api/events/${cast.event.id}/landing`, { slug: 'ok-slug', description: 'x'.repeat(501) }, cast.owner.headers);
    expect((await errorOf(long)).message).toBe('Description must be less than 500 characters');
  });

  it('refuses managers of other events, attendees and volunteers', async () => {
    const cast = await eventWithCast(server);
    const body = { slug: `nope-${cast.event.id.slice(0, 8)}` };
    await expectNothingWritten(
      () => eventRow(cast.event.id),
      async () => {
        expect((await send('PUT', `/api/events/${cast.event.id}/landing`, body, cast.attendee.headers)).status).toBe(403);
        expect((await send('PUT', `/api/events/${cast.event.id}/landing`, body, cast.volunteer.headers)).status).toBe(403);
        expect((await send('PUT', `/api/events/${cast.event.id}/landing`, body, cast.otherOwner.headers)).status).toBe(404);
      },
    );
    expect((await send('PUT', `/api/events/${cast.event.id}/landing`, body, cast.admin.headers)).status).toBe(200);
  });

  it('stores an uploaded SVG logo as a PNG without its script, and refuses other files', async () => {
    const cast = await eventWithCast(server);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><script>alert(1)</script><rect width="120" height="120" fill="#5b3fd9"/></svg>`;
    const upload = (body: Blob, name: string, headers?: Headers) => {
      const form = new FormData();
      form.append('logo', body, name);
      return server.request(`/api/events/${cast.event.id}/logo`, { method: 'PUT', body: form, headers: server.browserHeaders(headers) });
    };
    const response = await upload(new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg', cast.owner.headers);
    expect(response.status).toBe(200);
    const event = (await response.json()) as EventJson;
    expect(event.logoUrl).toMatch(/^\/files\/event-logos\/.+\.png$/);
    const file = await server.request(event.logoUrl!);
    expect(file.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(Buffer.from(bytes).includes('alert')).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('png');

    const text = await upload(new Blob(['hello'], { type: 'image/png' }), 'fake.png', cast.owner.headers);
    expect(text.status).toBe(415);
    expect((await errorOf(text)).message).toBe('Please upload a valid image file (JPG, PNG, WEBP, or SVG)');
    const big = await upload(new Blob([new Uint8Array(5 * 1024 * 1024 + 10)]), 'big.png', cast.owner.headers);
    expect(big.status).toBe(413);
    expect((await errorOf(big)).message).toBe('Image size must be less than 5MB');
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    await expectNothingWritten(
      () => eventRow(cast.event.id),
      async () => {
        expect((await upload(new Blob([new Uint8Array(png)]), 'x.png', cast.attendee.headers)).status).toBe(403);
        expect((await upload(new Blob([new Uint8Array(png)]), 'x.png', cast.otherOwner.headers)).status).toBe(404);
      },
    );

    // The old file goes when the logo is replaced.
    const replaced = (await (await upload(new Blob([new Uint8Array(png)]), 'x.png', cast.owner.headers)).json()) as EventJson;
    expect(replaced.logoUrl).not.toBe(event.logoUrl);
    expect((await server.request(event.logoUrl!)).status).toBe(404);
  });
});

describe('public landing page', () => {
  it('answers everyone with the event, its session and sponsor counts, and counts a page view', async () => {
    const { user } = await signedInUser(server);
    const event = await createEvent(server.ctx, user.id, { description: 'Public words', allowAttendeeNetworking: true });
    await createSession(server.ctx, event);
    await createSession(server.ctx, event, { offsetHours: 2 });
    const response = await server.request(`/api/public/events/${event.slug}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: event.name, sessionCount: 2, sponsorCount: 0, allowAttendeeNetworking: true, appUrl: server.config.publicUrl });
    expect(body).not.toHaveProperty('createdBy');
    expect(body).not.toHaveProperty('customDomain');
    const [views] = await server.ctx.db
      .select({ total: count() })
      .from(eventAnalytics)
      .where(and(eq(eventAnalytics.eventId, event.id), eq(eventAnalytics.metricType, 'page_view')));
    expect(views!.total).toBe(1);
    const missing = await server.request('/api/public/events/no-such-event-here');
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toEqual({ code: 'not_found', message: 'Event not found' });
  });

  it('counts a page view once per visitor and day: 100 loads from one client add one row, another client one more', async () => {
    const owner = await signedInUser(server);
    const { user } = owner;
    const event = await createEvent(server.ctx, user.id);
    const views = async () =>
      (
        await server.ctx.db
          .select({ total: count() })
          .from(eventAnalytics)
          .where(and(eq(eventAnalytics.eventId, event.id), eq(eventAnalytics.metricType, 'page_view')))
      )[0]!.total;
    const load = (address: string, headers?: Headers) => server.request(`/api/public/events/${event.slug}`, { headers }, address);
    // Sequential and parallel reloads from one address.
    for (let i = 0; i < 50; i += 1) expect((await load('198.51.100.7')).status).toBe(200);
    expect((await Promise.all(Array.from({ length: 50 }, () => load('198.51.100.7')))).every((r) => r.status === 200)).toBe(true);
    expect(await views()).toBe(1);
    // Another visitor counts once too; a signed-in viewer is counted by account, whatever the address.
    await load('198.51.100.8');
    const viewer = await signedInUser(server);
    for (const address of ['198.51.100.9', '198.51.100.10', '198.51.100.11']) await load(address, viewer.headers);
    expect(await views()).toBe(3);
    // The organizers' analytics show the same figure.
    const analytics = (await (await server.send('GET', `/api/events/${event.id}/analytics`, owner.headers)).json()) as {
      metrics: { pageViews: number };
    };
    expect(analytics.metrics.pageViews).toBe(3);
  }, 60_000);

  it('serves /event/:slug with escaped Open Graph and Twitter tags', async () => {
    const { user } = await signedInUser(server);
    const event = await createEvent(server.ctx, user.id, {
      name: 'Tags <script>alert("x")</script> & Co',
      description: 'Meet "builders" & <b>founders</b>',
      logoUrl: '/files/event-logos/x/00000000-0000-4000-8000-000000000000.png',
    });
    const response = await server.request(`/event/${event.slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('<meta property="og:title" content="Tags &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co" />');
    expect(page).toContain('<meta property="og:description" content="Meet &quot;builders&quot; &amp; &lt;b&gt;founders&lt;/b&gt;" />');
    expect(page).toContain(`<meta property="og:image" content="${server.config.publicUrl}/files/event-logos/x/00000000-0000-4000-8000-000000000000.png" />`);
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(page).toContain('<meta name="twitter:title"');
    expect(page).not.toContain('<script>alert');
    expect(page.match(/<title>/g)).toHaveLength(1);
    // The browser asks for the event with the page's code rather than after it (decision 0200).
    expect(page).toContain(`<link rel="preload" as="fetch" href="/api/public/events/${event.slug}" crossorigin="use-credentials" />`);
    const unknown = await server.request('/event/no-such-slug-anywhere');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).not.toContain('rel="preload" as="fetch"');
  });

  it('keeps every $ pattern of an event name as text in the head (no replacement patterns)', async () => {
    const { user } = await signedInUser(server);
    for (const pattern of ['$&', '$`', "$'", '$$', '$1', '$<name>']) {
      const name = `OG ${pattern} test`;
      const event = await createEvent(server.ctx, user.id, { name });
      const page = await (await server.request(`/event/${event.slug}`)).text();
      const escaped = name.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#39;');
      expect(page, pattern).toContain(`<meta property="og:title" content="${escaped}" />`);
      expect(page, pattern).toContain(`<meta name="twitter:title" content="${escaped}" />`);
      expect(page.match(/<head>/gi), pattern).toHaveLength(1);
      expect(page.match(/<\/head>/gi), pattern).toHaveLength(1);
      expect(page.match(/<title>/g), pattern).toHaveLength(1);
    }
  });

  it("serves an event's page at / when the Host is its custom domain, and the usual page otherwise", async () => {
    const { user } = await signedInUser(server);
    const domain = `summit-${Date.now()}.example.org`;
    const event = await createEvent(server.ctx, user.id, { name: 'Domain Summit', customDomain: domain });
    const onDomain = await server.request('/', { headers: { host: `${domain}:443` } });
    expect(onDomain.status).toBe(200);
    const page = await onDomain.text();
    expect(page).toContain('<meta property="og:title" content="Domain Summit" />');
    expect(page).toContain(`<meta name="mingle:event-slug" content="${event.slug}" />`);
    expect(page).toContain(`<link rel="preload" as="fetch" href="/api/public/events/${event.slug}" crossorigin="use-credentials" />`);
    const elsewhere = await server.request('/', { headers: { host: 'unknown.example.net' } });
    expect(await elsewhere.text()).not.toContain('Domain Summit');
  });
});
