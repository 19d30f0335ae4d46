// The conference morning's mix (decision 0180): what the web app asks of the server when an attendee does one thing,
// as weighted journeys. Each journey is the requests of one page or action in the order the web app makes them (the
// endpoints of packages/shared/src/*/endpoints.ts that the areas' api.ts files call). No request needs an earlier
// answer: whom to connect with, which post to like, which session to bookmark come from the seed, so the open-loop
// scheduler can send every request at its own time whatever the others answer.
import { randomUUID } from 'node:crypto';
import { pick } from './bench-kit.mjs';

export const PASSWORD = 'bench-morning-password';

/**
 * The journeys and their weights: how often an attendee does that thing, against the others. Reading (the agenda,
 * the feed, My Schedule) is most of a morning; a sign-in is about one request in fifty, the volunteers' scans at the
 * doors and the goodie tables one in twenty.
 */
export const JOURNEYS = [
  { name: 'arrive and sign in', weight: 4, build: (c) => arrive(c) },
  { name: 'open the agenda', weight: 20, build: (c) => agenda(c) },
  { name: 'open My Schedule', weight: 10, build: (c) => schedule(c) },
  { name: 'bookmark a session', weight: 10, build: (c) => bookmark(c) },
  { name: 'discover and connect', weight: 8, build: (c) => discoverAndConnect(c) },
  { name: 'read the feed and like', weight: 20, build: (c) => feed(c) },
  { name: 'send a message', weight: 8, build: (c) => message(c) },
  { name: 'browse the sponsors', weight: 4, build: (c) => sponsors(c) },
  { name: 'checked in at the door', weight: 8, build: (c) => doorCheckIn(c) },
  { name: 'scanned for a goodie', weight: 3, build: (c) => goodieScan(c) },
];

const totalWeight = JOURNEYS.reduce((sum, journey) => sum + journey.weight, 0);

/** A journey drawn by weight, built for the cast: its list of requests. */
export function nextJourney(cast) {
  let draw = Math.random() * totalWeight;
  const journey = JOURNEYS.find((candidate) => (draw -= candidate.weight) < 0) ?? JOURNEYS[0];
  return journey.build(cast);
}

/**
 * A request: `kind` names it in the tables; `ok` the statuses that are a right answer to it, and `outcomes` the
 * answer's `outcome` fields that are (a door scan is answered 200 whether or not the person may come in).
 */
const request = (kind, method, path, { as, body, headers = {}, ok = [200], outcomes } = {}) => ({ kind, method, path, as, body, headers, ok, outcomes });

const anyone = (cast) => cast.attendees[pick(cast.attendees.length)];

function arrive(cast) {
  // Each sign-in is the next attendee in turn: one account signs in again only after everyone else has, so the
  // per-account limit (10 a minute) never applies; the per-address one does (see conference-morning.mjs).
  const person = cast.attendees[cast.counters.signIn++ % cast.attendees.length];
  return [
    request('sign in', 'POST', '/api/auth/sign-in/email', { body: { email: person.email, password: PASSWORD } }),
    request('me', 'GET', '/api/me', { as: person }),
    request('event', 'GET', `/api/events/${cast.event.id}`, { as: person }),
  ];
}

function agenda(cast) {
  const person = anyone(cast);
  // Half come back to a page their browser has cached: it revalidates with the ETag and gets a 304.
  const revalidate = Math.random() < 0.5 && cast.agendaEtag ? { 'if-none-match': cast.agendaEtag } : {};
  return [
    request('event', 'GET', `/api/events/${cast.event.id}`, { as: person }),
    request('agenda', 'GET', `/api/events/${cast.event.id}/agenda`, { as: person, headers: revalidate, ok: [200, 304] }),
    request('agenda, own part', 'GET', `/api/events/${cast.event.id}/agenda/viewer`, { as: person }),
  ];
}

function schedule(cast) {
  const person = anyone(cast);
  return [
    request('My Schedule', 'GET', '/api/schedule', { as: person }),
    request('notifications count', 'GET', '/api/me/notifications/unread-count', { as: person }),
  ];
}

function bookmark(cast) {
  const person = anyone(cast);
  const session = cast.sessions[pick(cast.sessions.length)];
  return [
    request('bookmark', 'PUT', `/api/sessions/${session}/bookmark`, { as: person }),
    // The web app refetches the viewer's part of the agenda after a bookmark.
    request('agenda, own part', 'GET', `/api/events/${cast.event.id}/agenda/viewer`, { as: person }),
  ];
}

function discoverAndConnect(cast) {
  const person = anyone(cast);
  let other = anyone(cast);
  // Two people connect once: another pair when this one has (409 "already connected" would be a right answer,
  // but not what the journey means).
  while (other === person || cast.connected.has(pairKey(person, other))) other = anyone(cast);
  cast.connected.add(pairKey(person, other));
  return [
    request('discover', 'GET', '/api/attendees?order=recommended&limit=24', { as: person }),
    request('connect', 'POST', '/api/connections', { as: person, body: { userId: other.id, via: 'discovery' }, ok: [201] }),
  ];
}

const pairKey = (a, b) => (a.id < b.id ? `${a.id}/${b.id}` : `${b.id}/${a.id}`);

function feed(cast) {
  const person = anyone(cast);
  const post = cast.firstPagePosts[pick(cast.firstPagePosts.length)];
  return [
    request('feed', 'GET', `/api/events/${cast.event.id}/feed`, { as: person }),
    request('like', 'PUT', `/api/feed/${post}/like`, { as: person }),
  ];
}

function message(cast) {
  const person = anyone(cast);
  let other = anyone(cast);
  while (other === person) other = anyone(cast);
  return [
    request('conversations', 'GET', '/api/messages/conversations', { as: person }),
    request('thread', 'GET', `/api/messages/with/${other.id}`, { as: person }),
    request('send message', 'POST', '/api/messages', { as: person, body: { recipientId: other.id, content: 'See you at the keynote? I am by the coffee stand.' }, ok: [201] }),
  ];
}

function sponsors(cast) {
  return [request('sponsors', 'GET', `/api/events/${cast.event.id}/sponsors`, { as: anyone(cast) })];
}

function doorCheckIn(cast) {
  // The next attendee not yet in comes to a door; once all have, a scan of someone already in (answered 200
  // "already checked in", as at a real door).
  const person = cast.arriving[cast.counters.door++ % cast.arriving.length];
  const volunteer = cast.volunteers[pick(cast.volunteers.length)];
  return [
    request('door check-in', 'POST', `/api/events/${cast.event.id}/check-ins`, {
      as: volunteer,
      body: { token: person.badge, pointId: cast.points[pick(cast.points.length)], clientCheckInId: randomUUID() },
      outcomes: ['checked_in', 'already_checked_in'],
    }),
  ];
}

function goodieScan(cast) {
  // The next attendee already in comes to the goodie table; once all have, 409 "already received" is the answer.
  const person = cast.checkedIn[cast.counters.goodie++ % cast.checkedIn.length];
  const volunteer = cast.volunteers[pick(cast.volunteers.length)];
  return [request('goodie scan', 'POST', `/api/events/${cast.event.id}/goodie-distributions`, { as: volunteer, body: { token: person.qrToken, clientScanId: randomUUID() }, ok: [200, 409] })];
}

/** The share of requests that are sign-ins, and requests per journey, from the weights (for the printed notes). */
export function mixShares(cast) {
  const sample = JOURNEYS.map((journey) => ({ journey, requests: journey.build(sampleCast(cast)) }));
  const requests = sample.reduce((sum, { journey, requests }) => sum + journey.weight * requests.length, 0);
  const signIns = sample.reduce((sum, { journey, requests }) => sum + journey.weight * requests.filter((r) => r.kind === 'sign in').length, 0);
  return { signInShare: signIns / requests, requestsPerJourney: requests / totalWeight };
}

// Building a journey moves the cast's counters; the shares are worked out on a copy.
const sampleCast = (cast) => ({ ...cast, counters: { ...cast.counters }, connected: new Set() });
