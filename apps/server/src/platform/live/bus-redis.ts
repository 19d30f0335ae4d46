import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterCommit } from '../db/after-commit.ts';
import type { Logger } from '../../logger.ts';
import { encodeLiveMessage, LIVE_CHANNEL, LiveHandlers, receivePayload, type LiveBus } from './bus.ts';

/**
 * The live bus on Redis pub/sub (REDIS_URL), for when NOTIFY's commit lock bites (docs/scaling.md, decision 0176).
 *
 * Two connections: a subscribed connection is for listening only, and a publisher of its own keeps publishes flowing
 * while the subscriber reconnects. PUBLISH is not transactional, so a publish given a transaction waits for its
 * commit (platform/db/after-commit.ts) and is dropped on rollback. Within one process publishes reach Redis in the
 * order they committed; across processes Redis's order is the order they arrived, which may differ from the commit
 * order by the time it takes a commit's publish to reach Redis. Events are hints that make a client refetch, so
 * an order that differs only within that window shows the same final state.
 */

export interface RedisLiveBusOptions {
  /** The pub/sub channel; tests give each bus one of its own on the shared Redis. */
  channel?: string;
  /** What CLIENT LIST shows for this process's connections (with -publisher and -subscriber appended). */
  connectionName?: string;
  /** First delay before connecting again after a connection is lost; doubles per failure up to 5 s. */
  reconnectBaseMs?: number;
  /**
   * How often the bus checks that it still hears: it publishes itself a probe and makes both connections again when
   * the previous probe never came back. 0 turns the check off. Default 30 s, as the PostgreSQL listener's.
   */
  healthCheckMs?: number;
}

export async function createRedisLiveBus(url: string, log: Logger, options: RedisLiveBusOptions = {}): Promise<LiveBus> {
  const channel = options.channel ?? LIVE_CHANNEL;
  const name = options.connectionName ?? 'mingle-live';
  const reconnectBaseMs = options.reconnectBaseMs ?? 50;
  const connect = (role: string, extra: { enableOfflineQueue?: boolean; autoResubscribe?: boolean }) => {
    const connection = new Redis(url, {
      connectionName: `${name}-${role}`,
      lazyConnect: true,
      // Never gives up (a process that stops trying never hears again), but waits longer each time, like the
      // PostgreSQL listener; meanwhile isListening() keeps the process out of the load balancer's rotation.
      retryStrategy: (attempt) => Math.min(reconnectBaseMs * 2 ** (attempt - 1), 5_000),
      // A connection is dropped when its peer went silent (the probe below) or after QUIT: waiting ioredis's default
      // 2 s for a silent peer to close its end would keep publishes failing all that time.
      disconnectTimeout: 200,
      ...extra,
    });
    connection.on('error', (error: Error) => log.warn(`live bus: Redis ${role} connection error`, { error: error.message }));
    return connection;
  };
  // A hint that cannot be sent now is stale by the time Redis is back: fail the publish at once, never queue it.
  const publisher = connect('publisher', { enableOfflineQueue: false });
  // The bus subscribes again itself on every 'ready', so that it knows when it hears again (the library's automatic
  // resubscription is sent after 'ready', unconfirmed).
  const subscriber = connect('subscriber', { autoResubscribe: false });
  const handlers = new LiveHandlers(log);
  const instance = randomUUID();
  let closed = false;
  let listening = false;
  // The probe sent and not yet heard back, if any. Only a probe that went out on live connections counts: one refused
  // because a connection is down (or coming back) says nothing new, and judging it would cut connections mid-reconnect.
  let outstandingProbe: object | null = null;

  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    receivePayload(raw, log, handlers, (probe) => {
      if (probe === instance) outstandingProbe = null;
    });
  });
  let subscribed: Promise<void> = Promise.resolve();
  subscriber.on('ready', () => {
    subscribed = subscriber.subscribe(channel).then(
      () => {
        listening = true;
      },
      // The connection dropped again before the answer: the next 'ready' subscribes.
      (error: Error) => log.warn('live bus: Redis SUBSCRIBE failed', { error: error.message }),
    );
  });
  subscriber.on('close', () => {
    if (listening && !closed) log.warn('live bus: Redis subscriber connection lost; connecting again');
    listening = false;
  });

  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscribed;
    if (!listening) throw new Error('live bus: could not subscribe on Redis');
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }

  const send = (payload: string) => publisher.publish(channel, payload).then(() => undefined);

  // A connection can die without a word (a NAT or firewall between here and Redis forgets it, a frozen peer): TCP
  // would notice only after many minutes, all that time serving sockets that hear nothing while isListening() says
  // yes. A probe that did not come back by the next round makes both connections again; meanwhile the subscriber's
  // reconnect turns isListening() false, so the readiness check sends people elsewhere.
  const healthCheckMs = options.healthCheckMs ?? 30_000;
  const healthTimer =
    healthCheckMs > 0
      ? setInterval(() => {
          if (closed) return;
          if (outstandingProbe) {
            outstandingProbe = null;
            log.warn('live bus: Redis stopped answering the probe; connecting again');
            publisher.disconnect(true);
            subscriber.disconnect(true);
            return;
          }
          // Down or reconnecting: ioredis is already bringing the connections back, with its growing delay.
          if (!listening || publisher.status !== 'ready') return;
          const probe = {};
          outstandingProbe = probe;
          // A refusal means the publisher's connection just dropped; it reconnects by itself, so the probe is void
          // (unless a later probe has gone out since).
          send(JSON.stringify({ p: instance })).catch(() => {
            if (outstandingProbe === probe) outstandingProbe = null;
          });
        }, healthCheckMs)
      : undefined;
  healthTimer?.unref();

  return {
    async publish(topic, event, tx) {
      if (closed) throw new Error('The live bus is closed');
      const payload = encodeLiveMessage(topic, event);
      if (!tx) return send(payload);
      // After the commit the change has happened: a failed publish can only be reported, not undone.
      return afterCommit(tx, () =>
        send(payload).catch((error: Error) => log.error('live bus: Redis PUBLISH after commit failed', { topic, error: error.message })),
      );
    },
    onMessage: (handler) => handlers.add(handler),
    isListening: () => listening && !closed,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(healthTimer);
      handlers.clear();
      subscriber.disconnect();
      // QUIT lets publishes already written go out first; a Redis that does not answer it gets a second, not the
      // whole shutdown.
      const answered = publisher.quit().catch(() => undefined);
      await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      publisher.disconnect();
    },
  };
}
