// Message latency benchmark (issue 5): 1,000 people, each signed in with a WebSocket of their own on /api/live
// subscribed to their messages topic, while messages are sent between them over HTTP. Measures, per message, the
// time from the sender's POST /api/messages to the recipient's socket hearing `message.created`; prints
// p50/p95/p99 and the messages never heard. The real server runs as its own process on a fresh PostgreSQL database,
// so the clients' work does not slow it. Printed, not asserted; the target is p95 < 200 ms.
//
//   node bench/message-latency.mjs [clients=1000] [messages=1000] [per second=25]
import { chunks, connectClients, freshDatabase, machineNote, ms, percentiles, quick, report, runUnderTsx, signedInPeople, sleep, startServer } from './bench-kit.mjs';

runUnderTsx(import.meta.url);

const [CLIENTS = 1000, MESSAGES = quick ? 200 : 1000, PER_SECOND = 25] = process.argv.slice(2).map(Number);
// Each person may send 30 messages a minute (the flood limit): senders take turns, so no send is refused.
const HEARD_WITHIN_MS = 10_000;

const { sql } = await import('drizzle-orm');
const { liveTopics } = await import('@mingle/shared/core/live');
const { createEvent } = await import('../apps/server/src/test/event-factories.ts');
const schema = await import('../apps/server/src/platform/db/schema.ts');

const database = await freshDatabase('messages');
let server;
let clients;
try {
  console.log(`seeding ${CLIENTS} people in one networking event on PostgreSQL…`);
  const people = await signedInPeople(database.db, CLIENTS, 'messenger');
  const event = await createEvent({ db: database.db }, people[0].id, { allowAttendeeNetworking: true });
  for (const part of chunks(people)) {
    await database.db.insert(schema.userEventAccess).values(part.map((person) => ({ eventId: event.id, userId: person.id, accessType: 'registered_attendee' })));
  }
  await database.db.execute(sql`analyze`);

  server = await startServer(database.url);
  // Sends waiting to be heard, per "sender>recipient": the times their POSTs began, oldest first.
  const waiting = new Map();
  const latencies = [];
  const answered = [];
  console.log(`connecting ${CLIENTS} WebSocket clients…`);
  clients = await connectClients(server.base, people, (person) => liveTopics.userMessages(person.id), (person, message, receivedAt) => {
    const data = message.event.data;
    if (message.event.kind !== 'message.created' || data.recipientId !== person.id) return; // the sender's own echo
    const queue = waiting.get(`${data.senderId}>${person.id}`);
    const sentAt = queue?.shift();
    if (sentAt !== undefined) latencies.push(receivedAt - sentAt);
  });

  console.log(`sending ${MESSAGES} messages at ${PER_SECOND} a second…`);
  let sent = 0;
  let refused = 0;
  let failed = 0;
  const inFlight = new Set();
  const began = performance.now();
  for (let index = 0; index < MESSAGES; index++) {
    // Paced: message i leaves at i / PER_SECOND seconds, however long earlier ones take.
    const due = began + (index * 1000) / PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const sender = people[index % CLIENTS];
    const recipient = people[(index + 1 + Math.floor(index / CLIENTS)) % CLIENTS];
    if (recipient === sender) continue;
    const key = `${sender.id}>${recipient.id}`;
    const queue = waiting.get(key) ?? [];
    waiting.set(key, queue);
    const sentAt = performance.now();
    queue.push(sentAt);
    const forget = () => queue.splice(queue.indexOf(sentAt), 1);
    const request = fetch(`${server.base}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ recipientId: recipient.id, content: `Hello ${recipient.name}, message ${index}` }),
    }).then(
      async (response) => {
        await response.arrayBuffer();
        answered.push(performance.now() - sentAt);
        if (response.status === 201) sent += 1;
        else {
          refused += 1;
          forget();
          if (refused <= 3) console.warn(`a send was refused: ${response.status}`);
        }
      },
      (error) => {
        failed += 1;
        forget();
        if (failed <= 3) console.warn(`a send failed: ${error.cause?.code ?? error.message}`);
      },
    );
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }
  await Promise.all(inFlight);
  const sendSeconds = (performance.now() - began) / 1000;
  const deadline = performance.now() + HEARD_WITHIN_MS;
  while (latencies.length < sent && performance.now() < deadline) await sleep(50);

  const { p50, p95, p99, max } = percentiles(latencies);
  console.log('');
  console.log(`${CLIENTS} connected clients, ${sent} messages sent in ${sendSeconds.toFixed(1)} s (${refused} refused, ${failed} failed to connect)`);
  console.log(`delivery latency: p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}  max ${ms(max)}`);
  const post = percentiles(answered);
  console.log(`of which the POST itself (answered): p50 ${ms(post.p50)}  p95 ${ms(post.p95)}  p99 ${ms(post.p99)}`);
  console.log(`lost (not heard within ${HEARD_WITHIN_MS / 1000} s): ${sent - latencies.length}`);
  console.log(`target: p95 < 200 ms, none lost`);
  console.log(machineNote());
  const figure = { bench: 'message-latency', better: 'lower' };
  report({ ...figure, name: `delivery p95, ${CLIENTS.toLocaleString('en')} clients`, value: p95, unit: 'ms', target: { op: '<', value: 200 } });
  report({ ...figure, name: 'messages lost', value: sent - latencies.length, unit: 'messages', target: { op: '=', value: 0 } });
  report({ ...figure, name: 'sends refused or failed', value: refused + failed, unit: 'messages', target: { op: '=', value: 0 } });
} finally {
  await clients?.close();
  await server?.stop();
  await database.drop();
}
