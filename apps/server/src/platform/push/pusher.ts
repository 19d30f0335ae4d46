import type { Agent } from 'node:https';
import { eq, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { Database, DbOrTx } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema/notifications.ts';
import type { Job, JobQueue, RetryPolicy } from '../jobs/queue.ts';
import { vapidKeys } from './vapid.ts';

/** What the service worker shows (apps/web/public/push-worker.js): a notification that opens `link` when tapped. */
export interface PushMessage {
  title: string;
  body: string | null;
  /** A path of the web app. */
  link: string;
  /** Notifications of one tag replace each other on the device (one kind, say). */
  tag: string;
}

export interface Pusher {
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  /**
   * Queues the message to each subscription in `tx`, the transaction of the write that causes it (a rollback pushes
   * nothing): one job per device, retried alone.
   */
  enqueue(tx: DbOrTx, subscriptionIds: string[], message: PushMessage): Promise<void>;
  /** Whether a subscription's endpoint is on one of the push services the server sends to. */
  isPushService(endpoint: string): boolean;
  /** Resolves once no push waits for delivery or a retry (tests). */
  idle(): Promise<void>;
}

export interface PusherDeps {
  config: Pick<Config, 'dataDir' | 'push'>;
  db: Database;
  jobs: JobQueue;
  log: Logger;
  retry?: RetryPolicy;
  /** The TLS agent of the requests (tests trust their local push service's certificate with it). */
  agent?: Agent;
}

const PUSH_QUEUE = 'push';

/** A push outlives a short outage of the push service (5 s, 10 s, 20 s... apart); a try gets a minute. */
const PUSH_RETRY: RetryPolicy = { limit: 6, delaySeconds: 5, expireSeconds: 60 };
/** How long the push service keeps a message for a device that is off: a day, after which it is old news. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
/** The longest body pushed: push services take about 4 KB of encrypted payload. */
const MAX_BODY_LENGTH = 400;

/** Ends with `host` as a whole label: `fcm.googleapis.com` and `x.push.apple.com`, never `evilpush.apple.com.example`. */
const onHost = (hostname: string, host: string) => hostname === host || hostname.endsWith(`.${host}`);

/**
 * Web push through the `web-push` library, as jobs. A device the push service no longer knows (404, 410) is
 * forgotten; a message the service refuses as such (400, 413) is dropped with a log line; anything else (429, 5xx, no
 * answer) is retried.
 */
export async function createPusher({ config, db, jobs, log, retry = PUSH_RETRY, agent }: PusherDeps): Promise<Pusher> {
  const keys = vapidKeys(config);
  const vapidDetails = { subject: config.push.vapidSubject, ...keys };

  function isPushService(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    return url.protocol === 'https:' && config.push.serviceHosts.some((host) => onHost(url.hostname, host));
  }

  async function deliver(job: Job<{ subscriptionId: string; message: PushMessage }>): Promise<void> {
    const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, job.data.subscriptionId));
    // Turned off since, or forgotten after an earlier push found it gone.
    if (!device) return;
    if (!isPushService(device.endpoint)) {
      log.warn('push: endpoint is not a known push service; not sent', { subscriptionId: device.id });
      return;
    }
    try {
      await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(job.data.message), {
        vapidDetails,
        TTL: TIME_TO_LIVE_SECONDS,
        urgency: 'high',
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      });
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : 0;
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        return;
      }
      if (status === 400 || status === 413) {
        log.error('push: the push service refused the message', { subscriptionId: device.id, status });
        return;
      }
      throw error;
    }
    await db.update(pushSubscriptions).set({ lastPushedAt: sql`now()` }).where(eq(pushSubscriptions.id, device.id));
  }

  await jobs.work(PUSH_QUEUE, retry, deliver);

  return {
    publicKey: keys.publicKey,
    isPushService,
    async enqueue(tx, subscriptionIds, message) {
      const body = message.body && message.body.length > MAX_BODY_LENGTH ? `${message.body.slice(0, MAX_BODY_LENGTH - 1)}…` : message.body;
      await jobs.enqueueMany(tx, PUSH_QUEUE, subscriptionIds.map((subscriptionId) => ({ subscriptionId, message: { ...message, body } })));
    },
    idle: () => jobs.drained(undefined, PUSH_QUEUE),
  };
}
