import { randomBytes, randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import sharp from 'sharp';
import { liveTopics } from '@mingle/shared/core/live';
import { authSessions, rateLimits } from '../platform/db/schema/auth.ts';
import { type events, userEventAccess } from '../platform/db/schema/events.ts';
import { checkIns } from '../platform/db/schema/check-in.ts';
import { meetings } from '../platform/db/schema/meetings.ts';
import { networkingGoals, professionalInterests } from '../platform/db/schema/networking.ts';
import { notifications, pushSubscriptions } from '../platform/db/schema/notifications.ts';
import { sponsorLeads, sponsorRepresentatives, sponsors } from '../platform/db/schema/sponsors.ts';
import { supportTickets } from '../platform/db/schema/support.ts';
import { webhookDeliveries, webhookEndpoints } from '../platform/db/schema/webhooks.ts';
import { WEBHOOK_EVENT_TYPES } from '@mingle/shared/webhooks/events';
import { addAttendee, checkInAttendee, addCoOwner, addVolunteer, createEvent, createSession } from './event-factories.ts';
import { createUser, signedInUser, uniqueEmail, type TestUser } from './factories.ts';
import type { TestServer } from './harness.ts';
import { lastCodeTo, lastMailTo } from './mail.ts';
import { unsubscribeToken } from '../platform/mail/unsubscribe.ts';

/**
 * The authorization matrix (issue 9): every route of the app and every live topic, with who may call it. The test
 * beside app.ts (authorization-matrix.test.ts) runs one request per route and caller: a caller in `allow` must get a
 * 2xx, anyone else a 401 (visitor) or 403/404 (signed in) with the database left exactly as it was, and it fails
 * when the app has a route this table does not list. Rules are decision 0070.
 *
 * Each row's `build` answers a VALID request for one caller (validation answers 400 before some authorization
 * checks), against the shared world made once per run; a row that destroys or consumes its target (delete,
 * accept, promote...) makes a fresh one per call with the factories, so the world stays as it was.
 */

/** The cast, one signed-in person per relation to THE event (visitor: no session). */
export const CALLERS = [
  'visitor',
  'user',
  'attendee',
  'otherAttendee',
  'volunteer',
  'coOwner',
  'owner',
  'otherOwner',
  'sponsorRep',
  'superAdmin',
] as const;
export type CallerName = (typeof CALLERS)[number];
type SignedInName = Exclude<CallerName, 'visitor'>;

/**
 * The API-key callers (issue 21, decision 0170): keys of THE event's owner, one per scope. A key acts with its
 * owner's rights narrowed by its scope, so a row's answer for a key follows from the owner's (`keyAllows`), never
 * listed: a read-write key for all the owner's events, a read key, a key for THE event, and a key for another event
 * the owner runs.
 */
export const KEY_CALLERS = ['ownerKey', 'ownerReadKey', 'ownerEventKey', 'ownerOtherEventKey'] as const;
export type KeyCallerName = (typeof KEY_CALLERS)[number];
const KEY_SCOPES: Record<KeyCallerName, { access: 'read' | 'read-write'; event: 'all' | 'the event' | 'other event' }> = {
  ownerKey: { access: 'read-write', event: 'all' },
  ownerReadKey: { access: 'read', event: 'all' },
  ownerEventKey: { access: 'read-write', event: 'the event' },
  ownerOtherEventKey: { access: 'read-write', event: 'other event' },
};

/** The account's routes, which no key may call whatever its scope (decision 0170). */
const ACCOUNT_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/auth/*',
  'POST /api/auth/*',
  'POST /api/signup/code',
  'POST /api/signup/verify',
  'POST /api/signup/complete',
  'GET /api/me/sessions',
  'POST /api/me/sessions/sign-out-others',
  'DELETE /api/me/sessions/:sessionId',
  'GET /api/me/api-keys',
  'POST /api/me/api-keys',
  'DELETE /api/me/api-keys/:keyId',
  'GET /api/me/calendar-feeds',
  'POST /api/me/calendar-feeds/:kind',
  'DELETE /api/me/calendar-feeds/:kind',
  'GET /api/me/data-export',
  'GET /api/me/account-deletion',
  'POST /api/me/account-deletion',
  'PUT /api/me/push-subscriptions',
  'DELETE /api/me/push-subscriptions',
  'POST /api/me/terms',
  'GET /api/me/consents',
  'PUT /api/me/consents/:kind',
  'DELETE /api/me/consents/:kind',
  'POST /api/me/qr-token',
  'PUT /api/admin/users/:userId/roles',
]);

/**
 * Answered before any caller is read (health and readiness, one-click unsubscribe, files, the public event page, the
 * metrics with their own token): a key is not looked at.
 */
const CALLER_FREE: readonly RegExp[] = [/^\/api\/(health|ready)$/, /^\/api\/unsubscribe\//, /^\/files\//, /^\/event\//, /^\/metrics$/];

/** Whether a key of the owner may make this request: the owner may, and the key's scope allows it. */
export function keyAllows(row: MatrixRow, w: World, as: KeyCallerName, path: string): boolean {
  if (!row.allow.includes('owner')) return false;
  const pathname = path.split('?')[0]!;
  if (CALLER_FREE.some((pattern) => pattern.test(pathname))) return true;
  if (ACCOUNT_ROUTES.has(row.route)) return false;
  const scope = KEY_SCOPES[as];
  if (scope.access === 'read' && !row.route.startsWith('GET ')) return false;
  if (scope.event === 'all') return true;
  const eventId = scope.event === 'the event' ? w.event.id : w.ownersOtherEvent.id;
  return pathname === `/api/events/${eventId}` || pathname.startsWith(`/api/events/${eventId}/`);
}

// ---- who: the usual groups --------------------------------------------------------------------------------------

const ANYONE: readonly CallerName[] = CALLERS;
const SIGNED_IN: readonly CallerName[] = CALLERS.filter((name) => name !== 'visitor');
/** canParticipate: attendees, sponsor representatives, staff and organizers, super admins. */
const PARTICIPANTS: readonly CallerName[] = ['attendee', 'volunteer', 'coOwner', 'owner', 'sponsorRep', 'superAdmin'];
/** canStaffEvent: the floor staff and organizers. */
const STAFF: readonly CallerName[] = ['volunteer', 'coOwner', 'owner', 'superAdmin'];
/** canManageEvent: owner, co-owners, super admins. */
const MANAGERS: readonly CallerName[] = ['coOwner', 'owner', 'superAdmin'];
const SUPER_ADMIN: readonly CallerName[] = ['superAdmin'];
/**
 * Who can reach the world's `peer` (an attendee of THE event, which has networking on): everyone with an access row
 * to the event (attendees and organizers, as registering, inviting and adding volunteers make them). A sponsor
 * representative has no access row, and a super admin's role gives no reach into people's inboxes.
 */
const NETWORKERS: readonly CallerName[] = ['attendee', 'volunteer', 'coOwner', 'owner'];
/** The manager dashboard (spec 02 section 6): event_owner or event_volunteer role, super admins, co-owners. */
const MANAGER_DASHBOARD: readonly CallerName[] = ['volunteer', 'coOwner', 'owner', 'otherOwner', 'superAdmin'];
/** Inviting to THE event: a holder of the event_owner or event_volunteer role who owns, co-owns or volunteers for it. */
const EVENT_INVITERS: readonly CallerName[] = ['volunteer', 'coOwner', 'owner'];

// ---- the world --------------------------------------------------------------------------------------------------

export interface Person {
  user: TestUser;
  headers: Headers;
}

export interface World {
  server: TestServer;
  people: Record<SignedInName, Person>;
  /** The owner's API keys, as a script sends them. */
  keys: Record<KeyCallerName, Headers>;
  /** Another event the owner runs, alone: the event of `ownerOtherEventKey`. */
  ownersOtherEvent: typeof events.$inferSelect;
  /** Another attendee of THE event who is not a caller: the other side of meetings, messages and posts. */
  peer: Person;
  event: typeof events.$inferSelect;
  otherEvent: typeof events.$inferSelect;
  session: { id: string };
  sponsorId: string;
  postId: string;
  questionId: string;
  /** An accepted meeting between peer (requester) and attendee. */
  acceptedMeetingId: string;
  /** A webhook endpoint of THE event and one delivery of it (heldWebhook: nothing is ever sent). */
  webhook: { endpointId: string; deliveryId: string };
  /** A stored upload (the peer's avatar), as /files/... */
  filePath: string;
  interest: string;
  goal: string;
}

export interface CellRequest {
  path: string;
  /** JSON body; a FormData is sent as multipart. */
  body?: unknown;
}
type Builder = (w: World, as: CallerName) => Promise<CellRequest> | CellRequest;

export interface MatrixRow {
  /** `METHOD /hono/path`, exactly as app.routes lists it. */
  route: string;
  /** Which of several requests to the same route this row is (e.g. a global or an event's option). */
  variant?: string;
  allow: readonly CallerName[];
  /**
   * The refusal may be a 403 for someone with no part in THE event: a platform-role gate (admin pages, manager
   * dashboard, invitation rights, global options), a spec message that names the reason (meetings, messages, an
   * invitation to another address), or a target in the other event, where otherAttendee takes part. On every other
   * row someone with no part in THE event gets a 404: its existence is not confirmed.
   */
  openRefusal?: boolean;
  /** Even an allowed call must change nothing (an idempotent answer to a request that names nothing of the caller's). */
  keepsDatabase?: boolean;
  build: Builder;
}

export interface TopicRow {
  kind: string;
  allow: readonly CallerName[];
  topic: (w: World) => string;
}

/** The one-click unsubscribe token of the peer's session reminders. */
const peerUnsubscribeToken = (w: World) => unsubscribeToken(w.server.config.authSecret, w.peer.user.id, 'session_reminder');

/** RFC 8058's body, as a mail client posts it. */
function oneClickForm() {
  const form = new FormData();
  form.set('List-Unsubscribe', 'One-Click');
  return form;
}

/** A request as a caller of the world, failing loudly: the builders' set-up must never be what a cell measures. */
async function call(w: Pick<World, 'server'>, who: Person | undefined, method: string, path: string, body?: unknown) {
  const response = await w.server.send(method, path, who?.headers, body);
  if (response.status >= 300) throw new Error(`set-up ${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
}

const png = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#5b3fd9' } }).png().toBuffer();
async function imageForm(field: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set(field, new File([new Uint8Array(await png())], 'picture.png', { type: 'image/png' }));
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  return form;
}

/**
 * An event with the whole cast in place, as the app makes them: the owner (organizer access), a co-owner who is a
 * promoted volunteer (promotion is the only way the app makes one), a volunteer with goodies to give, an attendee,
 * and a sponsor with its representative.
 */
async function castEvent(w: Pick<World, 'server' | 'people'>, patch: Partial<typeof events.$inferInsert> = {}) {
  const { ctx } = w.server;
  const { owner, coOwner, volunteer, attendee, sponsorRep } = w.people;
  const event = await createEvent(ctx, owner.user.id, { allowAttendeeNetworking: true, ...patch });
  await addVolunteer(ctx, event.id, coOwner.user.id);
  await addCoOwner(ctx, event.id, coOwner.user.id);
  await addVolunteer(ctx, event.id, volunteer.user.id);
  await addAttendee(ctx, event.id, attendee.user.id);
  await ctx.db.insert(userEventAccess).values(
    [owner, coOwner, volunteer].map((who) => ({ userId: who.user.id, eventId: event.id, accessType: 'organizer' as const })),
  );
  const [sponsor] = await ctx.db.insert(sponsors).values({ eventId: event.id, companyName: 'Matrix Robotics', tier: 'gold' }).returning();
  await ctx.db.insert(sponsorRepresentatives).values({ sponsorId: sponsor!.id, userId: sponsorRep.user.id });
  return { event, sponsorId: sponsor!.id };
}

async function freshSponsor(w: World) {
  const [sponsor] = await w.server.ctx.db.insert(sponsors).values({ eventId: w.event.id, companyName: 'Fresh Sponsor' }).returning();
  return sponsor!.id;
}

/** A ticket of THE event's attendee, filed about THE event unless `eventId` says otherwise (null: no event). */
async function freshTicket(w: World, eventId: string | null = w.event.id) {
  const { attendee } = w.people;
  const [ticket] = await w.server.ctx.db
    .insert(supportTickets)
    .values({
      userId: attendee.user.id,
      eventId,
      userEmail: attendee.user.email,
      userFullName: attendee.user.fullName,
      subject: 'Badge missing',
      description: 'My badge was not printed.',
      ticketType: 'incident',
    })
    .returning();
  return ticket!.id;
}

/** A pending meeting the peer asked the attendee for. */
async function freshMeeting(w: World, status: 'pending' | 'accepted' = 'pending') {
  const [meeting] = await w.server.ctx.db
    .insert(meetings)
    .values({
      requesterId: w.peer.user.id,
      recipientId: w.people.attendee.user.id,
      eventId: w.event.id,
      proposedTime: new Date(w.event.startDate.getTime() + 3_600_000),
      agenda: 'Talk robots',
      status,
      confirmedTime: status === 'accepted' ? new Date() : null,
    })
    .returning();
  return meeting!.id;
}

/** A fresh unread notification of the attendee (a message from the peer), and its id. */
async function attendeesNotification(w: World) {
  const [row] = await w.server.ctx.db
    .insert(notifications)
    .values({ userId: w.people.attendee.user.id, kind: 'message_received', actorId: w.peer.user.id, payload: { title: 'Matrix', body: null, link: '/messages' } })
    .returning({ id: notifications.id });
  return row!.id;
}

/** A browser's push subscription on FCM (one of the push services the server accepts); nothing is pushed to it here. */
function pushDevice() {
  const p256dh = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url');
  return { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys: { p256dh, auth: randomBytes(16).toString('base64url') } };
}

/** A push device of the attendee's: its endpoint. */
async function attendeesPushDevice(w: World) {
  const { endpoint, keys } = pushDevice();
  await w.server.ctx.db.insert(pushSubscriptions).values({ userId: w.people.attendee.user.id, endpoint, ...keys });
  return endpoint;
}

/**
 * The matrix sends the `user` many invitations per run; the per-recipient daily limit (decision 0077) is a rule of its
 * own test, so a builder starts the address's day afresh.
 */
async function freshRecipientDay(w: Pick<World, 'server'>, email: string) {
  await w.server.ctx.db.delete(rateLimits).where(like(rateLimits.key, `%${email}`));
}

/** A pending volunteer invitation to a fresh event, addressed to the signed-in `user`, and its id. */
async function usersInvitation(w: World) {
  const { event } = await castEvent(w);
  const email = w.people.user.user.email;
  await freshRecipientDay(w, email);
  await call(w, w.people.owner, 'POST', `/api/events/${event.id}/volunteers`, { email, allocatedGoodies: 1 });
  const mine = (await call(w, w.people.user, 'GET', '/api/me/invitations')) as { invitations: { id: string; eventId: string }[] };
  return mine.invitations.find((invitation) => invitation.eventId === event.id)!.id;
}

/** A pending invitation to THE event sent by the owner, and its id. */
async function ownersInvitation(w: World) {
  const email = uniqueEmail('invitee');
  await call(w, w.people.owner, 'POST', '/api/invitations', { eventId: w.event.id, emails: [email] });
  const list = (await call(w, w.people.owner, 'GET', `/api/events/${w.event.id}/invitations`)) as { items: { id: string; email: string }[] };
  return list.items.find((item) => item.email === email)!.id;
}

const validSession = (w: World) => ({
  title: 'Matrix talk',
  description: 'Who may do what',
  speakerName: 'Ada Lovelace',
  speakerBio: 'Wrote the first program.',
  sessionType: 'topic',
  startTime: new Date(w.event.startDate.getTime() + 3_600_000).toISOString(),
  endTime: new Date(w.event.startDate.getTime() + 7_200_000).toISOString(),
  timezone: 'Europe/London',
  location: 'Main Hall',
  maxCapacity: 100,
});
const validSponsor = { companyName: 'Acme Robotics', tier: 'gold', websiteUrl: 'https://acme.example', description: 'Robots.' };
const validTicket = {
  email: 'ann@acme-test.com',
  fullName: 'Ann Example',
  subject: 'Cannot see my event',
  description: 'The event I registered for is not on my dashboard.',
  ticketType: 'incident',
};
const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** The signup flow up to the step a row measures. */
async function signupCode(w: World) {
  const email = uniqueEmail('signup');
  await call(w, undefined, 'POST', '/api/signup/code', { fullName: 'Grace Hopper', email, password: 'longenough' });
  return email;
}
async function signupToken(w: World) {
  const email = await signupCode(w);
  const verified = await call(w, undefined, 'POST', '/api/signup/verify', { email, code: await lastCodeTo(w.server.ctx, email), password: 'longenough' });
  return { email, verificationToken: verified.verificationToken as string };
}

/** Everything the rows refer to, made once per test file: ten sign-ins and a few dozen rows. */
export async function createWorld(server: TestServer): Promise<World> {
  const { ctx } = server;
  const interest = uniqueName('Robotics');
  const goal = uniqueName('Hire');
  await ctx.db.insert(professionalInterests).values({ name: interest, isDefault: true });
  await ctx.db.insert(networkingGoals).values({ name: goal, isDefault: true });

  const signed = await Promise.all(
    (['user', 'attendee', 'otherAttendee', 'volunteer', 'coOwner', 'owner', 'otherOwner', 'sponsorRep', 'peer'] as const).map(
      async (name) => [name, await signedInUser(server, { fullName: `Matrix ${name}` })] as const,
    ),
  );
  const admin = await signedInUser(server, { fullName: 'Matrix superAdmin', roles: ['super_admin'] });
  const byName = Object.fromEntries(signed) as Record<(typeof signed)[number][0], Person>;
  const { peer, ...rest } = byName;
  const people: Record<SignedInName, Person> = { ...rest, superAdmin: admin };

  const { event, sponsorId } = await castEvent({ server, people }, { name: 'Matrix Conf' });
  await addAttendee(ctx, event.id, peer.user.id);
  const otherEvent = await createEvent(ctx, people.otherOwner.user.id, { name: 'Other Conf', allowAttendeeNetworking: true });
  await addAttendee(ctx, otherEvent.id, people.otherAttendee.user.id);
  await ctx.db.insert(userEventAccess).values({ userId: people.otherOwner.user.id, eventId: otherEvent.id, accessType: 'organizer' });
  // Goodies to give and to move, far more than the cells use.
  for (const who of [people.volunteer, people.coOwner]) {
    await call({ server }, people.owner, 'PUT', `/api/events/${event.id}/volunteers/${who.user.id}/allocation`, { allocatedGoodies: 500 });
  }

  const ownersOtherEvent = await createEvent(ctx, people.owner.user.id, { name: 'Owner Second Conf' });
  const keys = {} as Record<KeyCallerName, Headers>;
  for (const name of KEY_CALLERS) {
    const { access, event: scoped } = KEY_SCOPES[name];
    const eventId = scoped === 'all' ? null : scoped === 'the event' ? event.id : ownersOtherEvent.id;
    const made = await call({ server }, people.owner, 'POST', '/api/me/api-keys', { name: `Matrix ${name}`, access, eventId, expiresAt: null });
    keys[name] = new Headers({ authorization: `Bearer ${made.key as string}` });
  }

  const session = await createSession(ctx, event, { offsetHours: 1, title: 'Matrix keynote' });
  const world: World = { server, people, keys, peer, event, otherEvent, ownersOtherEvent, session, sponsorId, interest, goal, postId: '', questionId: '', acceptedMeetingId: '', filePath: '', webhook: await heldWebhook(server, event.id) };
  world.postId = (await call(world, peer, 'POST', `/api/events/${event.id}/feed`, { content: 'Hello from the peer' })).id as string;
  world.questionId = (await call(world, peer, 'POST', `/api/sessions/${session.id}/qa`, { question: 'Who may answer?' })).id as string;
  const avatar = await call(world, peer, 'POST', '/api/me/avatar', await imageForm('file'));
  world.filePath = new URL(avatar.avatarUrl as string, server.config.publicUrl).pathname;
  world.acceptedMeetingId = await freshMeeting(world, 'accepted');
  return world;
}

/**
 * A webhook endpoint of an event whose drain lease is taken for a day: its deliveries are queued and logged but never
 * sent, so no drain writes in the background while a refused call is checked for changing nothing. One delivery in it.
 */
async function heldWebhook(server: TestServer, eventId: string): Promise<{ endpointId: string; deliveryId: string }> {
  const { db } = server.ctx;
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ eventId, url: 'https://93.184.215.14/matrix', eventTypes: [...WEBHOOK_EVENT_TYPES], secret: `whsec_${randomBytes(32).toString('base64')}`, drainLeaseUntil: new Date(Date.now() + 86_400_000) })
    .returning();
  const id = randomUUID();
  await db.insert(webhookDeliveries).values({ id, webhookId: id, endpointId: endpoint!.id, type: 'ping', payload: { type: 'ping', timestamp: new Date().toISOString(), data: {} }, status: 'delivered' });
  return { endpointId: endpoint!.id, deliveryId: id };
}

// ---- the table --------------------------------------------------------------------------------------------------

const e = (w: World) => w.event.id;

export const MATRIX: MatrixRow[] = [
  // Platform, public: health and readiness, the API document and its page, the development mailbox (absent in production).
  { route: 'GET /api/health', allow: ANYONE, build: () => ({ path: '/api/health' }) },
  { route: 'GET /api/ready', allow: ANYONE, build: () => ({ path: '/api/ready' }) },
  { route: 'GET /api/openapi.json', allow: ANYONE, build: () => ({ path: '/api/openapi.json' }) },
  { route: 'GET /api/docs', allow: ANYONE, build: () => ({ path: '/api/docs' }) },
  { route: 'GET /api/docs/:asset', allow: ANYONE, build: () => ({ path: '/api/docs/swagger-ui.css' }) },
  { route: 'GET /api/dev/mailbox', allow: ANYONE, build: () => ({ path: '/api/dev/mailbox' }) },
  // Prometheus's scrape: its own token when METRICS_TOKEN is set, open on a loopback test server without (decision 0175).
  { route: 'GET /metrics', allow: ANYONE, build: () => ({ path: '/metrics' }) },
  // Uploaded files are public by their unguessable key (decision 0004); the public event page is public.
  { route: 'GET /files/:key{.+}', allow: ANYONE, build: (w) => ({ path: w.filePath }) },
  { route: 'GET /event/:slug', allow: ANYONE, build: (w) => ({ path: `/event/${w.event.slug}` }) },

  // Better Auth's catch-all: one representative request per method (its own endpoints guard themselves).
  { route: 'GET /api/auth/*', allow: ANYONE, build: () => ({ path: '/api/auth/get-session' }) },
  // A fresh account per caller: sign-ins are limited per account (decision 0082), and every caller signs in here.
  { route: 'POST /api/auth/*', allow: ANYONE, build: async (w) => { const account = await createUser(w.server.ctx); return { path: '/api/auth/sign-in/email', body: { email: account.email, password: account.password } }; } },

  // Sign-up: public by nature; each step with a fresh address.
  { route: 'POST /api/signup/code', allow: ANYONE, build: () => ({ path: '/api/signup/code', body: { fullName: 'Grace Hopper', email: uniqueEmail('signup'), password: 'longenough' } }) },
  { route: 'POST /api/signup/verify', allow: ANYONE, build: async (w) => { const email = await signupCode(w); return { path: '/api/signup/verify', body: { email, code: await lastCodeTo(w.server.ctx, email), password: 'longenough' } }; } },
  { route: 'POST /api/signup/complete', allow: ANYONE, build: async (w) => ({ path: '/api/signup/complete', body: { ...(await signupToken(w)), acceptTerms: true } }) },

  // The caller's own account: anyone signed in, always about themselves.
  { route: 'GET /api/me', allow: SIGNED_IN, build: () => ({ path: '/api/me' }) },
  { route: 'POST /api/me/terms', allow: SIGNED_IN, build: () => ({ path: '/api/me/terms' }) },
  // Consents (decision 0191): each person's own, never through a key. The withdrawal runs first and the gift right
  // after it gives the sharing consent back to every caller, so the rows after them (leads) find it given.
  { route: 'GET /api/me/consents', allow: SIGNED_IN, build: () => ({ path: '/api/me/consents' }) },
  { route: 'DELETE /api/me/consents/:kind', allow: SIGNED_IN, build: () => ({ path: '/api/me/consents/share_with_sponsors' }) },
  { route: 'PUT /api/me/consents/:kind', allow: SIGNED_IN, build: () => ({ path: '/api/me/consents/share_with_sponsors' }) },
  { route: 'PATCH /api/me/profile', allow: SIGNED_IN, build: (w, as) => ({ path: '/api/me/profile', body: { fullName: `Matrix ${as}`, companyOrInstitution: 'Acme', selectedInterests: [w.interest], selectedGoals: [w.goal] } }) },
  { route: 'PUT /api/me/language', allow: SIGNED_IN, build: () => ({ path: '/api/me/language', body: { language: 'de' } }) },
  { route: 'POST /api/me/avatar', allow: SIGNED_IN, build: async () => ({ path: '/api/me/avatar', body: await imageForm('file') }) },
  { route: 'DELETE /api/me/avatar', allow: SIGNED_IN, build: () => ({ path: '/api/me/avatar' }) },
  { route: 'POST /api/me/qr-token', allow: SIGNED_IN, build: () => ({ path: '/api/me/qr-token' }) },
  { route: 'GET /api/me/sessions', allow: SIGNED_IN, build: () => ({ path: '/api/me/sessions' }) },
  { route: 'POST /api/me/sessions/sign-out-others', allow: SIGNED_IN, build: () => ({ path: '/api/me/sessions/sign-out-others' }) },
  // Another device of the attendee's: only the attendee signs it out (anyone else: not found).
  // API keys: one's own, with a session (a key is refused here: ACCOUNT_ROUTES); another person's key is not found.
  { route: 'GET /api/me/api-keys', allow: SIGNED_IN, build: () => ({ path: '/api/me/api-keys' }) },
  { route: 'POST /api/me/api-keys', allow: SIGNED_IN, build: (_w, as) => ({ path: '/api/me/api-keys', body: { name: `Matrix ${as}`, access: 'read', eventId: null, expiresAt: null } }) },
  { route: 'DELETE /api/me/api-keys/:keyId', allow: ['attendee'], build: async (w) => {
    const made = await call(w, w.people.attendee, 'POST', '/api/me/api-keys', { name: 'Matrix attendee key', access: 'read', eventId: null, expiresAt: null });
    return { path: `/api/me/api-keys/${(made.apiKey as { id: string }).id}` };
  } },
  { route: 'DELETE /api/me/sessions/:sessionId', allow: ['attendee'], build: async (w) => {
    const [device] = await w.server.ctx.db.insert(authSessions).values({ userId: w.people.attendee.user.id, token: randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) }).returning();
    return { path: `/api/me/sessions/${device!.id}` };
  } },
  { route: 'GET /api/me/volunteer-assignments', allow: SIGNED_IN, build: () => ({ path: '/api/me/volunteer-assignments' }) },
  { route: 'GET /api/me/goodies', allow: SIGNED_IN, build: () => ({ path: '/api/me/goodies' }) },
  { route: 'GET /api/me/leads', allow: SIGNED_IN, build: () => ({ path: '/api/me/leads' }) },
  // One of the attendee's leads: only the attendee withdraws it.
  { route: 'DELETE /api/me/leads/:leadId', allow: ['attendee'], build: async (w) => {
    const sponsorId = await freshSponsor(w);
    const [lead] = await w.server.ctx.db.insert(sponsorLeads).values({ sponsorId, eventId: e(w), userId: w.people.attendee.user.id }).returning();
    return { path: `/api/me/leads/${lead!.id}` };
  } },

  // Interests and goals: reading is scoped to the caller; global ones are the super admins', an event's its managers'.
  { route: 'GET /api/options', allow: SIGNED_IN, build: () => ({ path: '/api/options' }) },
  { route: 'POST /api/options/:kind', variant: 'global', openRefusal: true, allow: SUPER_ADMIN, build: () => ({ path: '/api/options/interests', body: { name: uniqueName('Global') } }) },
  { route: 'POST /api/options/:kind', variant: 'event', allow: MANAGERS, build: (w) => ({ path: '/api/options/goals', body: { name: uniqueName('Event goal'), eventId: e(w) } }) },
  { route: 'DELETE /api/options/:kind/:optionId', variant: 'global', openRefusal: true, allow: SUPER_ADMIN, build: async (w) => {
    const [option] = await w.server.ctx.db.insert(professionalInterests).values({ name: uniqueName('Doomed'), isDefault: true }).returning();
    return { path: `/api/options/interests/${option!.id}` };
  } },
  { route: 'DELETE /api/options/:kind/:optionId', variant: 'event', allow: MANAGERS, build: async (w) => {
    const [option] = await w.server.ctx.db.insert(networkingGoals).values({ name: uniqueName('Doomed'), eventId: e(w) }).returning();
    return { path: `/api/options/goals/${option!.id}` };
  } },

  // Events. THE event's registration is closed: only its participants see it.
  { route: 'GET /api/events', allow: SIGNED_IN, build: () => ({ path: '/api/events' }) },
  // Anyone signed in may create an event (and so become an organizer).
  { route: 'POST /api/events', allow: SIGNED_IN, build: (w) => ({ path: '/api/events', body: { name: uniqueName('New Conf'), startDate: w.event.startDate.toISOString(), endDate: w.event.endDate.toISOString() } }) },
  { route: 'GET /api/events/:eventId', allow: PARTICIPANTS, build: (w) => ({ path: `/api/events/${e(w)}` }) },
  { route: 'PATCH /api/events/:eventId', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}`, body: { location: uniqueName('Hall') } }) },
  // Deleting is the owner's (spec: co-owners cannot).
  { route: 'DELETE /api/events/:eventId', allow: ['owner', 'superAdmin'], build: async (w) => ({ path: `/api/events/${(await castEvent(w)).event.id}` }) },
  { route: 'PUT /api/events/:eventId/landing', allow: MANAGERS, build: async (w) => ({ path: `/api/events/${(await castEvent(w)).event.id}/landing`, body: { slug: `matrix-${randomUUID().slice(0, 8)}`, customDomain: null, description: 'Hello' } }) },
  { route: 'PUT /api/events/:eventId/logo', allow: MANAGERS, build: async (w) => ({ path: `/api/events/${e(w)}/logo`, body: await imageForm('logo') }) },
  { route: 'DELETE /api/events/:eventId/logo', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/logo` }) },
  // An event with registration open: anyone signed in may register (its attendee again, idempotently).
  { route: 'POST /api/events/:eventId/registration', allow: SIGNED_IN, build: async (w) => ({ path: `/api/events/${(await castEvent(w, { registrationOpen: true })).event.id}/registration` }) },
  // Registrations. Giving up a place is the registered person's own act; the lists and removals are the organizers'.
  { route: 'DELETE /api/events/:eventId/registration', allow: ['attendee'], build: async (w) => ({ path: `/api/events/${(await castEvent(w)).event.id}/registration` }) },
  { route: 'GET /api/events/:eventId/registrations', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/registrations?status=waitlisted` }) },
  { route: 'GET /api/events/:eventId/registrations/summary', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/registrations/summary` }) },
  { route: 'GET /api/events/:eventId/registrations.csv', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/registrations.csv` }) },
  // Badges: the organizers print them all (or a selection); a volunteer reprints one at the door. Printing writes nothing.
  { route: 'GET /api/events/:eventId/badges.pdf', variant: 'all', allow: MANAGERS, keepsDatabase: true, build: (w) => ({ path: `/api/events/${e(w)}/badges.pdf` }) },
  { route: 'GET /api/events/:eventId/badges.pdf', variant: 'one badge', allow: STAFF, keepsDatabase: true, build: (w) => ({ path: `/api/events/${e(w)}/badges.pdf?size=label-4x3&userIds=${w.people.attendee.user.id}` }) },
  { route: 'GET /api/events/:eventId/registration-questions', allow: PARTICIPANTS, build: (w) => ({ path: `/api/events/${e(w)}/registration-questions` }) },
  { route: 'PUT /api/events/:eventId/registration-questions', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/registration-questions`, body: { questions: [{ label: uniqueName('Diet'), kind: 'text' }] } }) },
  // A preview writes nothing; the import itself is covered in import.test.ts (it sends invitation emails).
  { route: 'POST /api/events/:eventId/registration-imports', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/registration-imports`, body: { rows: [{ email: uniqueEmail('import') }], dryRun: true } }) },
  { route: 'DELETE /api/events/:eventId/registrations/:userId', allow: MANAGERS, build: async (w) => ({ path: `/api/events/${(await castEvent(w)).event.id}/registrations/${w.people.attendee.user.id}` }) },
  { route: 'GET /api/public/events/:slug', allow: ANYONE, build: (w) => ({ path: `/api/public/events/${w.event.slug}` }) },

  // Agenda.
  { route: 'GET /api/events/:eventId/agenda', allow: PARTICIPANTS, build: (w) => ({ path: `/api/events/${e(w)}/agenda` }) },
  { route: 'GET /api/events/:eventId/agenda/viewer', allow: PARTICIPANTS, build: (w) => ({ path: `/api/events/${e(w)}/agenda/viewer` }) },
  { route: 'GET /api/events/:eventId/sessions', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/sessions` }) },
  { route: 'POST /api/events/:eventId/sessions', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/sessions`, body: validSession(w) }) },
  { route: 'PUT /api/sessions/:sessionId', allow: MANAGERS, build: async (w) => ({ path: `/api/sessions/${(await createSession(w.server.ctx, w.event)).id}`, body: validSession(w) }) },
  { route: 'DELETE /api/sessions/:sessionId', allow: MANAGERS, build: async (w) => ({ path: `/api/sessions/${(await createSession(w.server.ctx, w.event)).id}` }) },
  { route: 'PUT /api/sessions/:sessionId/bookmark', allow: PARTICIPANTS, build: (w) => ({ path: `/api/sessions/${w.session.id}/bookmark` }) },
  { route: 'DELETE /api/sessions/:sessionId/bookmark', allow: PARTICIPANTS, build: (w) => ({ path: `/api/sessions/${w.session.id}/bookmark` }) },
  // A session under way: check-in is open from 30 minutes before the start until the end (decision 0105).
  { route: 'POST /api/sessions/:sessionId/check-in', allow: PARTICIPANTS, build: async (w) => ({ path: `/api/sessions/${(await createSession(w.server.ctx, w.event, { startTime: new Date(), endTime: new Date(Date.now() + 3_600_000) })).id}/check-in` }) },
  { route: 'GET /api/sessions/:sessionId/calendar.ics', allow: PARTICIPANTS, build: (w) => ({ path: `/api/sessions/${w.session.id}/calendar.ics` }) },
  { route: 'GET /api/schedule', allow: SIGNED_IN, build: () => ({ path: '/api/schedule' }) },
  { route: 'GET /api/schedule/calendar.ics', allow: SIGNED_IN, build: () => ({ path: '/api/schedule/calendar.ics' }) },
  { route: 'GET /api/events/:eventId/sessions.csv', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/sessions.csv` }) },
  { route: 'POST /api/sessions/:sessionId/views', allow: PARTICIPANTS, build: (w) => ({ path: `/api/sessions/${w.session.id}/views` }) },

  // Sponsors, booths and leads.
  { route: 'GET /api/sponsors', allow: SIGNED_IN, build: () => ({ path: '/api/sponsors' }) },
  { route: 'GET /api/events/:eventId/sponsors', allow: PARTICIPANTS, build: (w) => ({ path: `/api/events/${e(w)}/sponsors` }) },
  { route: 'POST /api/events/:eventId/sponsors', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/sponsors`, body: validSponsor }) },
  { route: 'GET /api/sponsors/:sponsorId', allow: PARTICIPANTS, build: (w) => ({ path: `/api/sponsors/${w.sponsorId}` }) },
  { route: 'PUT /api/sponsors/:sponsorId', allow: MANAGERS, build: async (w) => ({ path: `/api/sponsors/${await freshSponsor(w)}`, body: validSponsor }) },
  { route: 'DELETE /api/sponsors/:sponsorId', allow: MANAGERS, build: async (w) => ({ path: `/api/sponsors/${await freshSponsor(w)}` }) },
  { route: 'PUT /api/sponsors/:sponsorId/logo', allow: MANAGERS, build: async (w) => ({ path: `/api/sponsors/${await freshSponsor(w)}/logo`, body: await imageForm('logo') }) },
  { route: 'POST /api/sponsors/:sponsorId/actions', allow: PARTICIPANTS, build: (w) => ({ path: `/api/sponsors/${w.sponsorId}/actions`, body: { action: 'booth_visit' } }) },
  { route: 'PUT /api/sponsors/:sponsorId/lead', allow: PARTICIPANTS, build: (w) => ({ path: `/api/sponsors/${w.sponsorId}/lead`, body: { interestLevel: 'high', contactRequested: true } }) },
  { route: 'DELETE /api/sponsors/:sponsorId/lead', allow: PARTICIPANTS, build: (w) => ({ path: `/api/sponsors/${w.sponsorId}/lead` }) },
  // A sponsor's numbers and leads: the event's staff and this sponsor's representatives.
  { route: 'GET /api/sponsors/:sponsorId/dashboard', allow: [...STAFF, 'sponsorRep'], build: (w) => ({ path: `/api/sponsors/${w.sponsorId}/dashboard` }) },
  { route: 'GET /api/sponsors/:sponsorId/leads', allow: [...STAFF, 'sponsorRep'], build: (w) => ({ path: `/api/sponsors/${w.sponsorId}/leads` }) },
  { route: 'GET /api/sponsors/:sponsorId/leads.csv', allow: [...STAFF, 'sponsorRep'], build: (w) => ({ path: `/api/sponsors/${w.sponsorId}/leads.csv` }) },
  // The event's sponsors with their counts: the organizers'.
  { route: 'GET /api/events/:eventId/sponsors.csv', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/sponsors.csv` }) },
  { route: 'GET /api/sponsors/:sponsorId/representatives', allow: MANAGERS, build: (w) => ({ path: `/api/sponsors/${w.sponsorId}/representatives` }) },
  { route: 'POST /api/sponsors/:sponsorId/representatives', allow: MANAGERS, build: async (w) => {
    const rep = await createUser(w.server.ctx);
    return { path: `/api/sponsors/${await freshSponsor(w)}/representatives`, body: { email: rep.email } };
  } },
  { route: 'DELETE /api/sponsors/:sponsorId/representatives/:userId', allow: MANAGERS, build: async (w) => {
    const [sponsorId, rep] = [await freshSponsor(w), await createUser(w.server.ctx)];
    await w.server.ctx.db.insert(sponsorRepresentatives).values({ sponsorId, userId: rep.id });
    return { path: `/api/sponsors/${sponsorId}/representatives/${rep.id}` };
  } },

  // Feed.
  { route: 'GET /api/events/:eventId/feed', allow: PARTICIPANTS, build: (w) => ({ path: `/api/events/${e(w)}/feed` }) },
  { route: 'POST /api/events/:eventId/feed', allow: PARTICIPANTS, build: (w) => ({ path: `/api/events/${e(w)}/feed`, body: { content: 'Matrix says hi' } }) },
  { route: 'POST /api/events/:eventId/feed/media', allow: PARTICIPANTS, build: async (w) => ({ path: `/api/events/${e(w)}/feed/media`, body: await imageForm('media', { content: 'A picture' }) }) },
  { route: 'PUT /api/feed/:postId/like', allow: PARTICIPANTS, build: (w) => ({ path: `/api/feed/${w.postId}/like` }) },
  { route: 'DELETE /api/feed/:postId/like', allow: PARTICIPANTS, build: (w) => ({ path: `/api/feed/${w.postId}/like` }) },
  { route: 'PUT /api/feed/:postId/pin', allow: MANAGERS, build: (w) => ({ path: `/api/feed/${w.postId}/pin`, body: { isPinned: false } }) },
  { route: 'GET /api/events/:eventId/feed.csv', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/feed.csv` }) },
  // The attendee's own post: its author, or the organizers removing it.
  { route: 'DELETE /api/feed/:postId', allow: ['attendee', ...MANAGERS], build: async (w) => {
    const post = await call(w, w.people.attendee, 'POST', `/api/events/${e(w)}/feed`, { content: 'Soon gone' });
    return { path: `/api/feed/${post.id as string}` };
  } },

  // Q&A.
  { route: 'GET /api/sessions/:sessionId/qa', allow: PARTICIPANTS, build: (w) => ({ path: `/api/sessions/${w.session.id}/qa` }) },
  { route: 'POST /api/sessions/:sessionId/qa', allow: PARTICIPANTS, build: (w) => ({ path: `/api/sessions/${w.session.id}/qa`, body: { question: 'May I ask?' } }) },
  { route: 'PUT /api/qa/:questionId/upvote', allow: PARTICIPANTS, build: (w) => ({ path: `/api/qa/${w.questionId}/upvote` }) },
  { route: 'DELETE /api/qa/:questionId/upvote', allow: PARTICIPANTS, build: (w) => ({ path: `/api/qa/${w.questionId}/upvote` }) },
  { route: 'PUT /api/qa/:questionId/answer', allow: MANAGERS, build: (w) => ({ path: `/api/qa/${w.questionId}/answer`, body: { answer: 'Organizers do.', isAnswered: true } }) },

  // Analytics: the organizers'.
  { route: 'GET /api/events/:eventId/analytics', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/analytics` }) },

  // Volunteers and goodies. Only the event's volunteers scan (the co-owner is a promoted volunteer); a fresh
  // attendee each time, since a person gets one goodie per event.
  { route: 'POST /api/events/:eventId/goodie-distributions', allow: ['volunteer', 'coOwner'], build: async (w) => {
    const fresh = await signedInUser(w.server);
    await addAttendee(w.server.ctx, e(w), fresh.user.id);
    await checkInAttendee(w.server.ctx, e(w), fresh.user.id);
    const { token } = (await call(w, fresh, 'POST', '/api/me/qr-token')) as { token: string };
    return { path: `/api/events/${e(w)}/goodie-distributions`, body: { token } };
  } },

  // Door check-in: the event's staff check people in and undo; the points are set and the figures read by organizers.
  { route: 'POST /api/events/:eventId/check-ins', allow: STAFF, build: (w) => ({ path: `/api/events/${e(w)}/check-ins`, body: { userId: w.people.attendee.user.id, clientCheckInId: randomUUID() } }) },
  { route: 'DELETE /api/events/:eventId/check-ins/:checkInId', allow: STAFF, build: async (w) => {
    const [row] = await w.server.ctx.db.insert(checkIns).values({ eventId: e(w), userId: (await createUser(w.server.ctx)).id, checkedInAt: new Date() }).returning();
    return { path: `/api/events/${e(w)}/check-ins/${row!.id}` };
  } },
  { route: 'GET /api/events/:eventId/check-ins', allow: STAFF, build: (w) => ({ path: `/api/events/${e(w)}/check-ins` }) },
  { route: 'GET /api/events/:eventId/check-in-roster', allow: STAFF, build: (w) => ({ path: `/api/events/${e(w)}/check-in-roster` }) },
  { route: 'GET /api/events/:eventId/check-in-settings', allow: STAFF, build: (w) => ({ path: `/api/events/${e(w)}/check-in-settings` }) },
  { route: 'GET /api/events/:eventId/check-ins/summary', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/check-ins/summary` }) },
  { route: 'PUT /api/events/:eventId/check-in-settings', allow: MANAGERS, build: async (w) => ({ path: `/api/events/${(await castEvent(w)).event.id}/check-in-settings`, body: { points: [{ name: uniqueName('Gate') }], goodiesRequireCheckIn: true } }) },
  { route: 'GET /api/events/:eventId/check-ins.csv', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/check-ins.csv` }) },
  { route: 'POST /api/events/:eventId/volunteers', allow: MANAGERS, build: async (w) => ({ path: `/api/events/${e(w)}/volunteers`, body: { email: (await createUser(w.server.ctx)).email, allocatedGoodies: 3 } }) },
  { route: 'PUT /api/events/:eventId/volunteers/:userId/allocation', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/volunteers/${w.people.volunteer.user.id}/allocation`, body: { allocatedGoodies: 500 } }) },
  { route: 'POST /api/events/:eventId/goodie-transfers', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/goodie-transfers`, body: { fromUserId: w.people.volunteer.user.id, toUserId: w.people.coOwner.user.id, amount: 1 } }) },
  // Promote a (fresh) volunteer of THE event.
  { route: 'POST /api/events/:eventId/co-owners', allow: MANAGERS, build: async (w) => {
    const fresh = await createUser(w.server.ctx);
    await addVolunteer(w.server.ctx, e(w), fresh.id);
    return { path: `/api/events/${e(w)}/co-owners`, body: { userId: fresh.id } };
  } },

  // Removing a (fresh) volunteer, or taking a (fresh) co-ownership back: the event's managers.
  { route: 'DELETE /api/events/:eventId/volunteers/:userId', allow: MANAGERS, build: async (w) => {
    const fresh = await createUser(w.server.ctx);
    await addVolunteer(w.server.ctx, e(w), fresh.id);
    return { path: `/api/events/${e(w)}/volunteers/${fresh.id}` };
  } },
  { route: 'DELETE /api/events/:eventId/co-owners/:userId', allow: MANAGERS, build: async (w) => {
    const fresh = await createUser(w.server.ctx);
    await addVolunteer(w.server.ctx, e(w), fresh.id);
    await addCoOwner(w.server.ctx, e(w), fresh.id);
    return { path: `/api/events/${e(w)}/co-owners/${fresh.id}` };
  } },
  { route: 'DELETE /api/events/:eventId/volunteers/:userId', variant: 'cross-event', openRefusal: true, allow: [], build: (w) => ({ path: `/api/events/${w.otherEvent.id}/volunteers/${w.people.volunteer.user.id}` }) },
  { route: 'DELETE /api/events/:eventId/co-owners/:userId', variant: 'cross-event', openRefusal: true, allow: [], build: (w) => ({ path: `/api/events/${w.otherEvent.id}/co-owners/${w.people.coOwner.user.id}` }) },

  // Cross-event: THE event's volunteers named under another event's path. Nobody may, not even a super admin:
  // the ids must belong together (the other event's owner would otherwise reach into THE event's staff).
  { route: 'PUT /api/events/:eventId/volunteers/:userId/allocation', variant: 'cross-event', openRefusal: true, allow: [], build: (w) => ({ path: `/api/events/${w.otherEvent.id}/volunteers/${w.people.volunteer.user.id}/allocation`, body: { allocatedGoodies: 1 } }) },
  { route: 'POST /api/events/:eventId/goodie-transfers', variant: 'cross-event', openRefusal: true, allow: [], build: (w) => ({ path: `/api/events/${w.otherEvent.id}/goodie-transfers`, body: { fromUserId: w.people.volunteer.user.id, toUserId: w.people.coOwner.user.id, amount: 1 } }) },
  { route: 'POST /api/events/:eventId/co-owners', variant: 'cross-event', openRefusal: true, allow: [], build: (w) => ({ path: `/api/events/${w.otherEvent.id}/co-owners`, body: { userId: w.people.volunteer.user.id } }) },
  // Removing is idempotent (204), and scoped by the sponsor in the path: THE sponsor's representative stays.
  { route: 'DELETE /api/sponsors/:sponsorId/representatives/:userId', variant: 'cross-sponsor', allow: MANAGERS, keepsDatabase: true, build: async (w) => ({ path: `/api/sponsors/${await freshSponsor(w)}/representatives/${w.people.sponsorRep.user.id}` }) },
  // An option of the other event: its own managers (and super admins), whatever THE event's roles.
  { route: 'POST /api/options/:kind', variant: 'other event', openRefusal: true, allow: ['otherOwner', 'superAdmin'], build: (w) => ({ path: '/api/options/interests', body: { name: uniqueName('Other interest'), eventId: w.otherEvent.id } }) },

  // The manager dashboard: scoped lists for event_owner / event_volunteer / super_admin and co-owners.
  { route: 'GET /api/manager/overview', openRefusal: true, allow: MANAGER_DASHBOARD, build: () => ({ path: '/api/manager/overview' }) },
  { route: 'GET /api/manager/goodie-recipients', openRefusal: true, allow: MANAGER_DASHBOARD, build: () => ({ path: '/api/manager/goodie-recipients' }) },
  { route: 'GET /api/manager/volunteers', openRefusal: true, allow: MANAGER_DASHBOARD, build: () => ({ path: '/api/manager/volunteers' }) },
  { route: 'GET /api/manager/users', openRefusal: true, allow: MANAGER_DASHBOARD, build: () => ({ path: '/api/manager/users' }) },
  { route: 'GET /api/manager/tickets', openRefusal: true, allow: MANAGER_DASHBOARD, build: () => ({ path: '/api/manager/tickets' }) },
  // A ticket filed about THE event: its organizers (decision 0092), not its volunteers.
  { route: 'POST /api/manager/tickets/:ticketId/status', openRefusal: true, allow: MANAGERS, build: async (w) => ({ path: `/api/manager/tickets/${await freshTicket(w)}/status`, body: { action: 'start' } }) },
  // The same attendee's ticket about no event: super admins only, whoever the submitter stands with (decision 0092).
  { route: 'POST /api/manager/tickets/:ticketId/status', variant: 'no event', openRefusal: true, allow: SUPER_ADMIN, build: async (w) => ({ path: `/api/manager/tickets/${await freshTicket(w, null)}/status`, body: { action: 'start' } }) },

  // Super admin.
  { route: 'GET /api/admin/stats', openRefusal: true, allow: SUPER_ADMIN, build: () => ({ path: '/api/admin/stats' }) },
  { route: 'GET /api/admin/queue', openRefusal: true, allow: SUPER_ADMIN, build: () => ({ path: '/api/admin/queue' }) },
  { route: 'GET /api/admin/users', openRefusal: true, allow: SUPER_ADMIN, build: () => ({ path: '/api/admin/users' }) },
  { route: 'PUT /api/admin/users/:userId/roles', openRefusal: true, allow: SUPER_ADMIN, build: async (w) => ({ path: `/api/admin/users/${(await createUser(w.server.ctx)).id}/roles`, body: { roles: ['event_owner'] } }) },
  { route: 'GET /api/admin/events', openRefusal: true, allow: SUPER_ADMIN, build: () => ({ path: '/api/admin/events' }) },
  { route: 'GET /api/admin/tickets', openRefusal: true, allow: SUPER_ADMIN, build: () => ({ path: '/api/admin/tickets' }) },
  { route: 'POST /api/admin/tickets/:ticketId/status', openRefusal: true, allow: SUPER_ADMIN, build: async (w) => ({ path: `/api/admin/tickets/${await freshTicket(w)}/status`, body: { action: 'close' } }) },
  { route: 'GET /api/admin/contact-submissions', openRefusal: true, allow: SUPER_ADMIN, build: () => ({ path: '/api/admin/contact-submissions' }) },

  // Support and contact.
  { route: 'POST /api/support/tickets', allow: SIGNED_IN, build: () => ({ path: '/api/support/tickets', body: validTicket }) },
  // About THE event: only someone who takes part in it (decision 0092).
  { route: 'POST /api/support/tickets', variant: 'about THE event', allow: ['attendee', 'volunteer', 'coOwner', 'owner', 'sponsorRep'], build: (w) => ({ path: '/api/support/tickets', body: { ...validTicket, eventId: e(w) } }) },
  { route: 'POST /api/contact', allow: ANYONE, build: () => ({ path: '/api/contact', body: { fullName: 'Grace Hopper', email: uniqueEmail('contact'), message: 'I would like to run my conference here.' } }) },

  // Invitations. Rights come with the event_owner / event_volunteer role, and only to one's own events: a super
  // admin has none (spec 02 section 6), and another event's owner is told THE event does not exist.
  { route: 'GET /api/invitations/events', openRefusal: true, allow: ['volunteer', 'coOwner', 'owner', 'otherOwner'], build: () => ({ path: '/api/invitations/events' }) },
  { route: 'POST /api/invitations', openRefusal: true, allow: EVENT_INVITERS, build: (w) => ({ path: '/api/invitations', body: { eventId: e(w), emails: [uniqueEmail('invitee')] } }) },
  { route: 'GET /api/events/:eventId/invitations', openRefusal: true, allow: EVENT_INVITERS, build: (w) => ({ path: `/api/events/${e(w)}/invitations` }) },
  // The owner's invitation: managers act on every invitation, a volunteer only on those they sent.
  { route: 'POST /api/invitations/:invitationId/resend', openRefusal: true, allow: ['coOwner', 'owner'], build: async (w) => ({ path: `/api/invitations/${await ownersInvitation(w)}/resend` }) },
  { route: 'POST /api/invitations/:invitationId/revoke', openRefusal: true, allow: ['coOwner', 'owner'], build: async (w) => ({ path: `/api/invitations/${await ownersInvitation(w)}/revoke` }) },
  // An invitation (to a fresh event) addressed to the signed-in `user`: only that address accepts it.
  { route: 'POST /api/invitation-acceptances', openRefusal: true, allow: ['user'], build: async (w) => {
    const { event } = await castEvent(w);
    const email = w.people.user.user.email;
    await freshRecipientDay(w, email);
    await call(w, w.people.owner, 'POST', '/api/invitations', { eventId: event.id, emails: [email] });
    const token = (await lastMailTo(w.server.ctx, email))!.text.match(/\/auth#invitation=([\w-]+)/)![1];
    return { path: '/api/invitation-acceptances', body: { token } };
  } },
  // Issue 16: the invited person's own invitations. Everyone lists their own; only the addressee (`user`) accepts
  // or declines theirs, everyone else is told it does not exist.
  { route: 'GET /api/me/invitations', allow: SIGNED_IN, build: () => ({ path: '/api/me/invitations' }) },
  { route: 'POST /api/me/invitations/:invitationId/accept', allow: ['user'], build: async (w) => ({ path: `/api/me/invitations/${await usersInvitation(w)}/accept` }) },
  { route: 'POST /api/me/invitations/:invitationId/decline', allow: ['user'], build: async (w) => ({ path: `/api/me/invitations/${await usersInvitation(w)}/decline` }) },
  // Issue 19: a person's notifications and preferences are theirs alone; someone else's notification does not exist.
  { route: 'GET /api/me/notifications', allow: SIGNED_IN, build: () => ({ path: '/api/me/notifications' }) },
  { route: 'GET /api/me/notifications/unread-count', allow: SIGNED_IN, build: () => ({ path: '/api/me/notifications/unread-count' }) },
  { route: 'POST /api/me/notifications/:notificationId/read', allow: ['attendee'], build: async (w) => ({ path: `/api/me/notifications/${await attendeesNotification(w)}/read` }) },
  { route: 'POST /api/me/read-all-notifications', allow: SIGNED_IN, build: () => ({ path: '/api/me/read-all-notifications' }) },
  { route: 'GET /api/me/notification-preferences', allow: SIGNED_IN, build: () => ({ path: '/api/me/notification-preferences' }) },
  { route: 'PUT /api/me/notification-preferences', allow: SIGNED_IN, build: () => ({
    path: '/api/me/notification-preferences',
    body: { preferences: [{ kind: 'session_reminder', email: true, push: true, inApp: true }] },
  }) },
  // Web push: the public key is anyone's; a device is its subscriber's (another person's is not found).
  { route: 'GET /api/push/public-key', allow: ANYONE, build: () => ({ path: '/api/push/public-key' }) },
  { route: 'PUT /api/me/push-subscriptions', allow: SIGNED_IN, build: () => ({ path: '/api/me/push-subscriptions', body: pushDevice() }) },
  { route: 'DELETE /api/me/push-subscriptions', allow: ['attendee'], build: async (w) => ({ path: '/api/me/push-subscriptions', body: { endpoint: await attendeesPushDevice(w) } }) },
  // One-click unsubscribe: no session at all, the signed token in the path is the proof (a forged one is a 404,
  // tested in areas/notifications); anyone holding the peer's link may use it, as a mail client does.
  { route: 'GET /api/unsubscribe/:token', allow: ANYONE, keepsDatabase: true, build: (w) => ({ path: `/api/unsubscribe/${peerUnsubscribeToken(w)}` }) },
  { route: 'POST /api/unsubscribe/:token', allow: ANYONE, build: (w) => ({ path: `/api/unsubscribe/${peerUnsubscribeToken(w)}`, body: oneClickForm() }) },
  // Giving up a role one holds, at a fresh event of the cast: the volunteers (the co-owner is one), the co-owner,
  // the sponsor's representative. Anyone else holds nothing there: 404.
  { route: 'DELETE /api/me/volunteer-assignments/:eventId', allow: ['volunteer', 'coOwner'], build: async (w) => ({ path: `/api/me/volunteer-assignments/${(await castEvent(w)).event.id}` }) },
  { route: 'DELETE /api/me/co-ownerships/:eventId', allow: ['coOwner'], build: async (w) => ({ path: `/api/me/co-ownerships/${(await castEvent(w)).event.id}` }) },
  { route: 'DELETE /api/me/sponsor-representations/:sponsorId', allow: ['sponsorRep'], build: async (w) => ({ path: `/api/me/sponsor-representations/${(await castEvent(w)).sponsorId}` }) },

  // Networking: lists are scoped to the caller; reaching a person needs a shared networking event (or a connection).
  { route: 'GET /api/attendees', allow: SIGNED_IN, build: () => ({ path: '/api/attendees' }) },
  { route: 'POST /api/connections', allow: NETWORKERS, build: async (w) => {
    const fresh = await createUser(w.server.ctx);
    await addAttendee(w.server.ctx, e(w), fresh.id);
    return { path: '/api/connections', body: { userId: fresh.id, via: 'discovery' } };
  } },
  // By QR code (decision 0093): anyone signed in who holds the scanned person's live connect code; without it, nobody.
  { route: 'POST /api/connections', variant: 'qr_scan with the code', allow: SIGNED_IN, build: async (w) => {
    const fresh = await signedInUser(w.server);
    const { connectCode } = (await call(w, fresh, 'POST', '/api/me/qr-token')) as { connectCode: string };
    return { path: '/api/connections', body: { userId: fresh.user.id, via: 'qr_scan', token: connectCode } };
  } },
  { route: 'POST /api/connections', variant: 'qr_scan without the code', allow: [], build: async (w) => {
    const fresh = await signedInUser(w.server);
    await call(w, fresh, 'POST', '/api/me/qr-token');
    return { path: '/api/connections', body: { userId: fresh.user.id, via: 'qr_scan' } };
  } },
  // The connect card behind a connect QR: anyone signed in who holds its code (or is connected already); decision 0093.
  { route: 'GET /api/connect/:userId', allow: SIGNED_IN, build: async (w) => {
    const fresh = await signedInUser(w.server);
    const { connectCode } = (await call(w, fresh, 'POST', '/api/me/qr-token')) as { connectCode: string };
    return { path: `/api/connect/${fresh.user.id}?token=${encodeURIComponent(connectCode)}` };
  } },
  { route: 'GET /api/connect/:userId', variant: 'without the code', allow: [], build: async (w) => {
    const fresh = await signedInUser(w.server);
    await call(w, fresh, 'POST', '/api/me/qr-token');
    return { path: `/api/connect/${fresh.user.id}` };
  } },
  { route: 'GET /api/networking/settings', allow: SIGNED_IN, build: () => ({ path: '/api/networking/settings' }) },
  { route: 'PUT /api/networking/settings', allow: SIGNED_IN, build: () => ({ path: '/api/networking/settings', body: { discoverable: true } }) },

  // Meetings.
  { route: 'GET /api/meetings', allow: SIGNED_IN, build: () => ({ path: '/api/meetings' }) },
  { route: 'GET /api/meetings/people/:userId', allow: NETWORKERS, build: (w) => ({ path: `/api/meetings/people/${w.peer.user.id}` }) },
  // Always answers; the other person's calendar only counts for someone the caller may meet.
  { route: 'GET /api/meetings/overlaps', allow: SIGNED_IN, build: (w) => ({ path: `/api/meetings/overlaps?userId=${w.peer.user.id}&start=${encodeURIComponent(w.event.startDate.toISOString())}&durationMinutes=30` }) },
  { route: 'POST /api/meetings', openRefusal: true, allow: NETWORKERS, build: (w) => ({ path: '/api/meetings', body: { recipientId: w.peer.user.id, proposedTime: new Date(w.event.startDate.getTime() + 7_200_000).toISOString(), durationMinutes: 30, agenda: 'Talk robots' } }) },
  // A request the peer sent the attendee: only its recipient accepts.
  { route: 'PATCH /api/meetings/:meetingId', allow: ['attendee'], build: async (w) => ({ path: `/api/meetings/${await freshMeeting(w)}`, body: { action: 'accept' } }) },
  { route: 'GET /api/meetings/calendar/:meetingId', allow: ['attendee'], build: (w) => ({ path: `/api/meetings/calendar/${w.acceptedMeetingId}` }) },
  // Everyone's own meetings as CSV; every meeting of THE event for its organizers (decision 0172).
  { route: 'GET /api/meetings/export.csv', allow: SIGNED_IN, build: () => ({ path: '/api/meetings/export.csv' }) },
  { route: 'GET /api/events/:eventId/meetings.csv', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/meetings.csv` }) },

  // Calendar feeds (decision 0173): each person's own; the feed itself needs no session, its secret address is the
  // proof (the attendee's fresh one, fetched as a calendar app would by whoever holds it).
  { route: 'GET /api/me/data-export', allow: SIGNED_IN, build: () => ({ path: '/api/me/data-export' }) },
  { route: 'GET /api/me/account-deletion', allow: SIGNED_IN, build: () => ({ path: '/api/me/account-deletion' }) },
  // A deletion the table cannot let through: it would erase the cast. Here every caller confirms with a wrong password
  // (403, nothing written); privacy.test.ts deletes fresh people, and refuses a key and another person's password.
  { route: 'POST /api/me/account-deletion', allow: [], openRefusal: true, build: () => ({ path: '/api/me/account-deletion', body: { password: 'not-the-password' } }) },
  { route: 'GET /api/me/calendar-feeds', allow: SIGNED_IN, build: () => ({ path: '/api/me/calendar-feeds' }) },
  { route: 'POST /api/me/calendar-feeds/:kind', allow: SIGNED_IN, build: () => ({ path: '/api/me/calendar-feeds/schedule' }) },
  { route: 'DELETE /api/me/calendar-feeds/:kind', allow: SIGNED_IN, build: () => ({ path: '/api/me/calendar-feeds/meetings' }) },
  { route: 'GET /api/calendar-feeds/:file', allow: ANYONE, build: async (w) => {
    const { url } = (await call(w, w.people.attendee, 'POST', '/api/me/calendar-feeds/meetings')) as { url: string };
    return { path: new URL(url).pathname };
  } },

  // Messages.
  { route: 'GET /api/messages/conversations', allow: SIGNED_IN, build: () => ({ path: '/api/messages/conversations' }) },
  // The header's badge: the caller's own unread count, so anyone signed in.
  { route: 'GET /api/messages/unread-count', allow: SIGNED_IN, build: () => ({ path: '/api/messages/unread-count' }) },
  { route: 'GET /api/messages/with/:userId', allow: NETWORKERS, build: (w) => ({ path: `/api/messages/with/${w.peer.user.id}` }) },
  // Marks only what was sent to the caller: harmless for anyone signed in.
  { route: 'POST /api/messages/with/:userId/read', allow: SIGNED_IN, build: (w) => ({ path: `/api/messages/with/${w.peer.user.id}/read` }) },
  { route: 'POST /api/messages', openRefusal: true, allow: NETWORKERS, build: (w) => ({ path: '/api/messages', body: { recipientId: w.peer.user.id, content: 'Hello peer' } }) },
  // Blocking protects the caller only, so anyone signed in may block anyone (a fresh person, not to cut the peer off).
  { route: 'PUT /api/blocks/:userId', allow: SIGNED_IN, build: async (w) => ({ path: `/api/blocks/${(await createUser(w.server.ctx)).id}` }) },
  { route: 'DELETE /api/blocks/:userId', allow: SIGNED_IN, build: (w) => ({ path: `/api/blocks/${w.peer.user.id}` }) },

  // Webhooks (issue 21): the event's managers. A new endpoint goes to a fresh event of the cast (the cap is 10 per event).
  { route: 'GET /api/events/:eventId/webhooks', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/webhooks` }) },
  { route: 'POST /api/events/:eventId/webhooks', allow: MANAGERS, build: async (w) => ({ path: `/api/events/${(await castEvent(w)).event.id}/webhooks`, body: { url: 'https://93.184.215.14/hooks', eventTypes: ['check_in.created'] } }) },
  { route: 'PATCH /api/events/:eventId/webhooks/:endpointId', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/webhooks/${w.webhook.endpointId}`, body: { description: uniqueName('CRM') } }) },
  { route: 'DELETE /api/events/:eventId/webhooks/:endpointId', allow: MANAGERS, build: async (w) => {
    const { event } = await castEvent(w);
    return { path: `/api/events/${event.id}/webhooks/${(await heldWebhook(w.server, event.id)).endpointId}` };
  } },
  { route: 'GET /api/events/:eventId/webhooks/:endpointId/secret', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/webhooks/${w.webhook.endpointId}/secret` }) },
  { route: 'POST /api/events/:eventId/webhooks/:endpointId/secret', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/webhooks/${w.webhook.endpointId}/secret` }) },
  { route: 'GET /api/events/:eventId/webhooks/:endpointId/deliveries', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/webhooks/${w.webhook.endpointId}/deliveries` }) },
  { route: 'POST /api/events/:eventId/webhooks/:endpointId/deliveries/:deliveryId/resend', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/webhooks/${w.webhook.endpointId}/deliveries/${w.webhook.deliveryId}/resend` }) },
  { route: 'POST /api/events/:eventId/webhooks/:endpointId/ping', allow: MANAGERS, build: (w) => ({ path: `/api/events/${e(w)}/webhooks/${w.webhook.endpointId}/ping` }) },
];

/** The live topics (packages/shared/src/core/live.ts) and who may subscribe, through the hub's own check. */
export const TOPICS: TopicRow[] = [
  { kind: 'event feed', allow: PARTICIPANTS, topic: (w) => liveTopics.eventFeed(w.event.id) },
  { kind: 'event analytics', allow: MANAGERS, topic: (w) => liveTopics.eventAnalytics(w.event.id) },
  { kind: "a sponsor's analytics", allow: [...STAFF, 'sponsorRep'], topic: (w) => liveTopics.sponsorAnalytics(w.sponsorId) },
  { kind: 'session Q&A', allow: PARTICIPANTS, topic: (w) => liveTopics.sessionQa(w.session.id) },
  // A person's own topics are theirs alone, not even a super admin's (private meetings and messages).
  { kind: "the attendee's meetings", allow: ['attendee'], topic: (w) => liveTopics.userMeetings(w.people.attendee.user.id) },
  { kind: "the attendee's messages", allow: ['attendee'], topic: (w) => liveTopics.userMessages(w.people.attendee.user.id) },
  { kind: "the attendee's account", allow: ['attendee'], topic: (w) => liveTopics.userAccount(w.people.attendee.user.id) },
];

/** The headers a caller sends (none for a visitor; a key's for a key). */
export function headersOf(w: World, as: CallerName | KeyCallerName): Headers | undefined {
  if (as === 'visitor') return undefined;
  return as in w.keys ? w.keys[as as KeyCallerName] : w.people[as as SignedInName].headers;
}
