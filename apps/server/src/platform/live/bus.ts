import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parseTopic, type LiveEvent } from '@mingle/shared/core/live';
import type { DatabaseHandle, DbOrTx } from '../db/client.ts';
import type { Logger } from '../../logger.ts';

/**
 * The bus that carries live events between server processes. This file holds what every bus shares (the interface,
 * the payload format and its limit, the local handlers) and the default bus: PostgreSQL `NOTIFY` on one channel, one
 * `LISTEN` per process. With REDIS_URL, bus-redis.ts carries the same messages over Redis pub/sub instead.
 *
 * On either bus a process never delivers its own publishes directly: they come back through the subscription like
 * everybody else's, and a publish made inside a transaction reaches nobody unless that transaction commits (NOTIFY is
 * transactional; the Redis bus publishes after the commit). On PostgreSQL every process's hub sees all committed
 * changes in one order, their commit order.
 *
 * Events are hints (`{ kind, data }` with ids), not documents: a browser that hears of a change refetches it over
 * HTTP, where its rights are checked again. Neither bus is durable, so a hint sent while a process's listener was
 * reconnecting is lost; clients refetch when their socket reconnects.
 */

export const LIVE_CHANNEL = 'mingle_live';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more (default build); the Redis bus keeps the same limit, so
 * what a feature may publish does not depend on the bus. */
export const MAX_PAYLOAD_BYTES = 7999;

export interface LiveMessage {
  topic: string;
  event: LiveEvent;
}

export type LiveHandler = (message: LiveMessage) => void;

export interface LiveBus {
  /**
   * Announces `event` on `topic` to every process. Pass the transaction that made the change so subscribers hear
   * of it only once it is committed (and never after a rollback); without `tx` it is sent at once.
   * Throws on an unknown topic or a payload over the NOTIFY limit (never truncates).
   */
  publish(topic: string, event: LiveEvent, tx?: DbOrTx): Promise<void>;
  /** Local fan-out: `handler` receives every committed publish of every process, in the bus's order. */
  onMessage(handler: LiveHandler): () => void;
  /** Whether this process hears other processes' publishes right now (false while its LISTEN reconnects). */
  isListening(): boolean;
  close(): Promise<void>;
}

export class LivePayloadTooLargeError extends Error {
  override name = 'LivePayloadTooLargeError';
}

export interface LiveBusOptions {
  /**
   * PostgreSQL only: how often the bus checks that its LISTEN connection still hears (it NOTIFYs itself a probe and
   * re-LISTENs when the probe does not come back). 0 turns the check off. Default 30 s.
   */
  healthCheckMs?: number;
  /** First delay before listening again after the LISTEN connection is lost; doubles per failure up to 5 s. */
  reconnectBaseMs?: number;
}

export interface Envelope {
  /** topic */
  t?: unknown;
  /** event */
  e?: unknown;
  /** liveness probe of one process */
  p?: unknown;
}

export function encodeLiveMessage(topic: string, event: LiveEvent): string {
  if (!parseTopic(topic)) throw new Error(`Unknown live topic: ${topic}`);
  if (typeof event?.kind !== 'string' || event.kind.length === 0) throw new Error('A live event needs a kind');
  const payload = JSON.stringify({ t: topic, e: { kind: event.kind, data: event.data } });
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > MAX_PAYLOAD_BYTES) {
    throw new LivePayloadTooLargeError(
      `Live event ${event.kind} on ${topic} is ${bytes} bytes; the limit is ${MAX_PAYLOAD_BYTES}. Send ids, not documents.`,
    );
  }
  return payload;
}

/** One payload off the bus as an envelope; undefined (and a warning) when it is not a JSON object. */
function readEnvelope(raw: string, log: Logger): Envelope | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    log.warn('live bus: ignored a payload that is not JSON');
    return undefined;
  }
  if (typeof parsed === 'object' && parsed !== null) return parsed as Envelope;
  log.warn('live bus: ignored a malformed payload');
  return undefined;
}

/** The message an envelope carries; undefined (and a warning) when it is malformed. */
function readLiveMessage(envelope: Envelope, log: Logger): LiveMessage | undefined {
  const { t: topic, e: event } = envelope;
  if (
    typeof topic !== 'string' ||
    !parseTopic(topic) ||
    typeof event !== 'object' ||
    event === null ||
    typeof (event as LiveEvent).kind !== 'string'
  ) {
    log.warn('live bus: ignored a malformed payload');
    return undefined;
  }
  return { topic, event: event as LiveEvent };
}

/** One payload off the bus, whichever carries it: a probe goes to `onProbe`, a valid message to the handlers. */
export function receivePayload(raw: string, log: Logger, handlers: LiveHandlers, onProbe: (probe: unknown) => void): void {
  const envelope = readEnvelope(raw, log);
  if (envelope?.p !== undefined) return onProbe(envelope.p);
  const message = envelope && readLiveMessage(envelope, log);
  if (message) handlers.deliver(message);
}

/** The local subscribers of one bus, whatever carries its messages. */
export class LiveHandlers {
  private readonly handlers = new Set<LiveHandler>();
  constructor(private readonly log: Logger) {}

  add(handler: LiveHandler): () => void {
    this.handlers.add(handler);
    return () => {
      this.handlers.delete(handler);
    };
  }

  /** Synchronous, in arrival order: a handler never sees a later message before an earlier one. */
  deliver(message: LiveMessage): void {
    for (const handler of this.handlers) {
      try {
        handler(message);
      } catch (error) {
        this.log.error('live bus: a handler failed', { error: (error as Error).message });
      }
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}

export async function createLiveBus(
  database: DatabaseHandle,
  log: Logger,
  options: LiveBusOptions = {},
): Promise<LiveBus> {
  const handlers = new LiveHandlers(log);
  const instance = randomUUID();
  let closed = false;
  let probeAnswered = true;

  const deliver = (raw: string) =>
    receivePayload(raw, log, handlers, (probe) => {
      if (probe === instance) probeAnswered = true;
    });

  // When the LISTEN connection ends (PostgreSQL restarted, the backend terminated), listen again at once, then with
  // a doubling delay while it fails; meanwhile isListening() is false and the readiness check answers 503, so a
  // load balancer sends people to a process that hears.
  let listening = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const reconnectBaseMs = options.reconnectBaseMs ?? 50;
  const listenAgain = (delayMs: number) => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      if (closed) return;
      try {
        unlisten = await database.listen(LIVE_CHANNEL, deliver, onLost);
        listening = true;
        probeAnswered = true;
        log.info('live bus: listening again');
      } catch (error) {
        log.error('live bus: could not listen again', { error: (error as Error).message });
        listenAgain(Math.min(delayMs * 2, 5_000));
      }
    }, delayMs);
    reconnectTimer.unref();
  };
  const onLost = () => {
    if (closed) return;
    listening = false;
    unlisten = async () => undefined;
    log.warn('live bus: LISTEN connection lost; listening again');
    listenAgain(reconnectBaseMs);
  };
  let unlisten = await database.listen(LIVE_CHANNEL, deliver, onLost);
  listening = true;

  const notify = async (payload: string, through: DbOrTx) => {
    await through.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
  };

  // A PostgreSQL LISTEN connection can die (server restart, network) without anyone noticing: the process would
  // go on serving sockets that never hear anything. The bus sends itself a probe now and then and re-LISTENs when
  // the previous probe never came back. PGlite listens in-process and cannot lose its connection.
  let healthTimer: NodeJS.Timeout | undefined;
  const healthCheckMs = options.healthCheckMs ?? 30_000;
  if (database.kind === 'postgres' && healthCheckMs > 0) {
    let checking = false;
    healthTimer = setInterval(async () => {
      if (checking || closed) return;
      checking = true;
      try {
        if (!probeAnswered) {
          log.warn('live bus: LISTEN connection stopped answering; reconnecting');
          const previous = unlisten;
          // Never call one unlisten twice (the handle's bookkeeping assumes once), even if listen fails below.
          unlisten = async () => undefined;
          await previous().catch(() => undefined);
          unlisten = await database.listen(LIVE_CHANNEL, deliver, onLost);
          listening = true;
        }
        probeAnswered = false;
        await notify(JSON.stringify({ p: instance }), database.db);
      } catch (error) {
        // Leave probeAnswered false so the next round tries again.
        log.error('live bus: health check failed', { error: (error as Error).message });
      } finally {
        checking = false;
      }
    }, healthCheckMs);
    healthTimer.unref();
  }

  return {
    async publish(topic, event, tx) {
      if (closed) throw new Error('The live bus is closed');
      const payload = encodeLiveMessage(topic, event);
      await notify(payload, tx ?? database.db);
    },
    onMessage: (handler) => handlers.add(handler),
    isListening: () => listening && !closed,
    async close() {
      if (closed) return;
      closed = true;
      if (healthTimer) clearInterval(healthTimer);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      handlers.clear();
      await unlisten().catch((error: Error) => log.warn('live bus: unlisten failed', { error: error.message }));
    },
  };
}
