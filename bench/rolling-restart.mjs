// Rolling-restart benchmark (issue 22, decision 0179): two compiled Mingle processes on one PostgreSQL behind the
// shipped nginx configuration (deploy/cluster.mjs), under steady load, restarted one after the other as an upgrade
// does: member 1 gets SIGTERM, drains and exits, starts again and answers /api/ready; then member 2 the same.
//
// The load, at fixed rates whatever the answers' speed (an open loop, as people do not wait for each other):
// - reads: GETs of the event, its feed and the caller's profile, by attendees with bearer sessions;
// - writes: feed posts by one attendee (each POST makes a post.created live event on the event's feed topic);
// - live: N attendees with a WebSocket each on /api/live, subscribed to the feed topic. Like the web client
//   (apps/web/src/lib/live.ts), a socket closed with 1012 reconnects at once (after up to 500 ms of jitter) and,
//   once its subscription is confirmed again, refetches the feed's newest page: what it missed while away.
//
// The two counts (targets 0 and 0):
// - requests lost: requests of the load (reads, posts and the clients' refetches) that got a network error or a
//   status other than 2xx/3xx;
// - live messages lost: over all clients, the posts a client should have had but has not: posts whose POST answered
//   201 and began after that client's first subscription was confirmed, which the client neither heard as a
//   post.created event nor found in a refetch after one of its reconnects.
//
//   node bench/rolling-restart.mjs [live clients=50] [reads a second=30] [posts a second=4]
//
// Needs nginx (Debian's package, /usr/sbin/nginx) and the PostgreSQL server of bench-kit (BENCH_DATABASE_URL).
import { existsSync } from 'node:fs';
import { freshDatabase, machineNote, percentiles, quick, report, runUnderTsx, signedInPeople, sleep, chunks, ms } from './bench-kit.mjs';

const [CLIENTS = quick ? 20 : 50, READS_PER_SECOND = 30, POSTS_PER_SECOND = 4] = process.argv.slice(2).map(Number);
runUnderTsx(import.meta.url);

/** Load before, between and after the two restarts, so each restart happens under load already running. */
const STEADY_MS = quick ? 2_000 : 5_000;
/** How long, after the load stops, a live event may still be on its way. */
const SETTLE_MS = 3_000;
const REFETCH_LIMIT = 100;
const RESTART_JITTER_MS = 500;

const { nginxBinary, startCluster } = await import('../deploy/cluster.mjs');
if (!existsSync(nginxBinary)) {
  console.error(`rolling-restart needs nginx at ${nginxBinary} (Debian: apt-get install nginx)`);
  process.exit(1);
}
const { sql } = await import('drizzle-orm');
const { WebSocket } = await import('ws');
const { liveTopics } = await import('@mingle/shared/core/live');
const { createEvent } = await import('../apps/server/src/test/event-factories.ts');
const schema = await import('../apps/server/src/platform/db/schema.ts');

const database = await freshDatabase('rolling');
let cluster;
try {
  const [poster, ...people] = await signedInPeople(database.db, CLIENTS + 21, 'restart');
  const readers = people.slice(CLIENTS);
  const listeners = people.slice(0, CLIENTS);
  const event = await createEvent({ db: database.db }, poster.id);
  for (const part of chunks([poster, ...people])) {
    await database.db.insert(schema.eventAttendees).values(part.map((person) => ({ eventId: event.id, userId: person.id })));
    await database.db.insert(schema.userEventAccess).values(part.map((person) => ({ eventId: event.id, userId: person.id, accessType: 'registered_attendee' })));
  }
  await database.db.execute(sql`analyze`);

  console.log('starting two Mingle processes behind nginx…');
  cluster = await startCluster({ processes: 2, databaseUrl: database.url });
  const base = cluster.url;

  /** Every request of the load: its outcome counted, a failure kept (the first few are printed). */
  const requests = { sent: 0, failed: 0, failures: [] };
  async function request(pathname, person, init = {}) {
    requests.sent += 1;
    try {
      const response = await fetch(`${base}${pathname}`, {
        ...init,
        headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json', ...init.headers },
      });
      const body = await response.text();
      if (response.status >= 400) throw new Error(`${response.status} ${body.slice(0, 120)}`);
      return body ? JSON.parse(body) : null;
    } catch (error) {
      requests.failed += 1;
      requests.failures.push(`${init.method ?? 'GET'} ${pathname}: ${error.cause?.code ?? error.message}`);
      return null;
    }
  }

  // The live clients.
  const topic = liveTopics.eventFeed(event.id);
  const wsUrl = `${base.replace(/^http/, 'ws')}/api/live`;
  const clients = listeners.map((person) => ({ person, heard: new Set(), recovered: new Set(), firstSubscribedAt: null, reconnects: 0, closeCodes: [], socket: null, done: false }));
  function connect(client) {
    const ws = new WebSocket(wsUrl, { headers: { authorization: `Bearer ${client.person.token}` } });
    client.socket = ws;
    let resync = client.firstSubscribedAt !== null;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', topic })));
    ws.on('message', async (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
      else if (message.type === 'event' && message.event.kind === 'post.created') client.heard.add(message.event.data.postId);
      else if (message.type === 'subscribed') {
        client.firstSubscribedAt ??= performance.now();
        if (!resync) return;
        resync = false;
        const page = await request(`/api/events/${event.id}/feed?limit=${REFETCH_LIMIT}`, client.person);
        for (const post of page?.posts ?? []) client.recovered.add(post.id);
      }
    });
    // An upgrade refused (no process reachable) ends in `close` too, after `error`.
    ws.on('error', () => {});
    ws.on('close', (code) => {
      if (client.done) return;
      client.closeCodes.push(code);
      client.reconnects += 1;
      setTimeout(() => connect(client), code === 1012 ? Math.random() * RESTART_JITTER_MS : 500);
    });
  }
  for (const client of clients) connect(client);
  while (clients.some((client) => client.firstSubscribedAt === null)) await sleep(50);

  // The load: reads and posts at fixed rates, each request started on time whatever the earlier ones do.
  const posts = [];
  const inFlight = new Set();
  const track = (promise) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  };
  const reads = [`/api/events/${event.id}`, `/api/events/${event.id}/feed?limit=20`, '/api/me'];
  let readIndex = 0;
  const readTimer = setInterval(() => {
    const reader = readers[readIndex % readers.length];
    track(request(reads[readIndex++ % reads.length], reader));
  }, 1000 / READS_PER_SECOND);
  let postIndex = 0;
  const postTimer = setInterval(() => {
    const began = performance.now();
    const body = JSON.stringify({ content: `Rolling restart, post ${postIndex++}: the keynote moves to the Main Hall.` });
    track(
      request(`/api/events/${event.id}/feed`, poster, { method: 'POST', body }).then((post) => {
        if (post) posts.push({ id: post.id, began });
      }),
    );
  }, 1000 / POSTS_PER_SECOND);

  const restarts = [];
  console.log(`load: ${READS_PER_SECOND} reads/s, ${POSTS_PER_SECOND} posts/s, ${CLIENTS} live clients; steady ${STEADY_MS / 1000} s between restarts`);
  await sleep(STEADY_MS);
  for (const [index, member] of cluster.members.entries()) {
    const began = performance.now();
    console.log(`restarting member ${index + 1} (port ${member.port})…`);
    await member.restart();
    restarts.push(performance.now() - began);
    console.log(`member ${index + 1} ready again after ${(restarts.at(-1) / 1000).toFixed(1)} s`);
    await sleep(STEADY_MS);
  }
  clearInterval(readTimer);
  clearInterval(postTimer);
  await Promise.all([...inFlight]);
  await sleep(SETTLE_MS);
  for (const client of clients) {
    client.done = true;
    client.socket.close();
  }

  let liveLost = 0;
  let expected = 0;
  for (const client of clients) {
    const owed = posts.filter((post) => post.began > client.firstSubscribedAt);
    expected += owed.length;
    liveLost += owed.filter((post) => !client.heard.has(post.id) && !client.recovered.has(post.id)).length;
  }
  const heardLive = clients.reduce((sum, client) => sum + posts.filter((post) => client.heard.has(post.id)).length, 0);
  const codes = {};
  for (const code of clients.flatMap((client) => client.closeCodes)) codes[code] = (codes[code] ?? 0) + 1;
  const upstreams = cluster.accessLog().split('\n').map((line) => /upstream=(.*?) (?:\d|-)/.exec(line)?.[1]).filter(Boolean);
  const retried = upstreams.filter((upstream) => upstream.includes(',')).length;

  console.log('');
  console.log(`restarts: ${restarts.map((time) => ms(time).trim()).join(', ')} (SIGTERM to ready again, each)`);
  console.log(`requests: ${requests.sent} sent, ${requests.failed} lost; nginx passed ${retried} of them on to the other process`);
  for (const failure of requests.failures.slice(0, 10)) console.log(`  lost: ${failure}`);
  console.log(`live: ${posts.length} posts, ${expected} deliveries owed to ${CLIENTS} clients: ${heardLive} heard live, ${liveLost} lost`);
  console.log(`live sockets closed: ${Object.entries(codes).map(([code, count]) => `${count} with ${code}`).join(', ') || 'none'}`);
  const reconnects = percentiles(clients.map((client) => client.reconnects));
  console.log(`reconnects per client: max ${reconnects.max}`);
  console.log('targets: 0 requests lost, 0 live messages lost');
  console.log(machineNote());

  report({ bench: 'rolling-restart', name: 'requests lost', value: requests.failed, unit: 'requests', better: 'lower', target: { op: '=', value: 0 } });
  report({ bench: 'rolling-restart', name: 'live messages lost', value: liveLost, unit: 'messages', better: 'lower', target: { op: '=', value: 0 } });
} finally {
  await cluster?.stop();
  await database.drop();
}
