import { liveTopics } from '@mingle/shared/core/live';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { eventAnalytics } from '../../platform/db/schema/analytics.ts';
import type { LiveBus } from '../../platform/live/bus.ts';

/**
 * Every `event_analytics` row is written here, so every kind of row (page view, session view, booth visit, meeting
 * request, registration, engagement) reaches the organizers' open Analytics page live. A sponsor's rows (booth
 * actions, leads) are announced the same way on the sponsor's analytics topic, for its open dashboards.
 *
 * The announcement is coalesced per topic and process (decision 0033): a burst of page views on a popular landing
 * page must not send a NOTIFY, a socket frame per organizer tab and a full analytics refetch per view. The first
 * row of an event is announced at once (inside the writing transaction, so it is heard only after the commit);
 * rows that follow within the next WINDOW_MS are announced together once, at the end of that window. So an event's
 * topic carries at most one `analytics.recorded` per second per server process, and the last row of a burst is
 * never left unannounced.
 */

export type EventMetricRow = typeof eventAnalytics.$inferInsert;

export const ANALYTICS_WINDOW_MS = 1000;
/**
 * The trailing announcement is sent without a transaction. Waiting this long after the latest row gives that row's
 * (short) transaction time to commit, so a page that refetches on hearing it sees the row.
 */
const SETTLE_MS = 100;

export const ANALYTICS_EVENT = { kind: 'analytics.recorded' } as const;

type Announcer = (topic: string, tx?: DbOrTx) => Promise<void>;

// One announcer per bus: a test process runs several apps, each with its own bus, and none may share windows.
const announcers = new WeakMap<LiveBus, Announcer>();

/** Inserts one analytics row (in `tx` when given; not when its dedupe key is taken) and announces it on the event's analytics topic. */
export async function recordEventMetric(ctx: Pick<AppContext, 'db' | 'live' | 'log'>, row: EventMetricRow, tx?: DbOrTx): Promise<void> {
  // A row with a dedupe key already counted (decision 0094) is not written again, and nothing changed to announce.
  const inserted = await (tx ?? ctx.db).insert(eventAnalytics).values(row).onConflictDoNothing().returning({ id: eventAnalytics.id });
  if (inserted.length === 0) return;
  await announceEventAnalytics(ctx, row.eventId, tx);
}

/** Announces that an event's analytics rows changed (also after a delete, e.g. an unlike), coalesced as above. */
export function announceEventAnalytics(ctx: Pick<AppContext, 'live' | 'log'>, eventId: string, tx?: DbOrTx): Promise<void> {
  return announcerOf(ctx)(liveTopics.eventAnalytics(eventId), tx);
}

/** Announces that a sponsor's analytics changed (a booth action, a lead made, changed or withdrawn), coalesced as above. */
export function announceSponsorAnalytics(ctx: Pick<AppContext, 'live' | 'log'>, sponsorId: string, tx?: DbOrTx): Promise<void> {
  return announcerOf(ctx)(liveTopics.sponsorAnalytics(sponsorId), tx);
}

function announcerOf(ctx: Pick<AppContext, 'live' | 'log'>): Announcer {
  let announce = announcers.get(ctx.live);
  if (!announce) {
    announce = createAnnouncer(ctx);
    announcers.set(ctx.live, announce);
  }
  return announce;
}

interface Window {
  /** Rows arrived after the announcement that opened the window. */
  dirty: boolean;
  lastRowAt: number;
  settled: boolean;
}

function createAnnouncer({ live, log }: Pick<AppContext, 'live' | 'log'>): Announcer {
  const windows = new Map<string, Window>();

  const open = (topic: string) => {
    const window: Window = { dirty: false, lastRowAt: 0, settled: false };
    windows.set(topic, window);
    setTimeout(() => close(topic, window), ANALYTICS_WINDOW_MS).unref();
  };

  const close = (topic: string, window: Window) => {
    if (!window.dirty) {
      windows.delete(topic);
      return;
    }
    // Once per window at most, so a steady stream of rows cannot postpone the announcement for ever.
    const wait = window.lastRowAt + SETTLE_MS - Date.now();
    if (wait > 0 && !window.settled) {
      window.settled = true;
      setTimeout(() => close(topic, window), wait).unref();
      return;
    }
    // A new window: a burst that goes on is announced once per window, not once per row.
    open(topic);
    live.publish(topic, ANALYTICS_EVENT).catch((error: unknown) => {
      log.warn('analytics announcement failed', { error: String(error) });
    });
  };

  return async (topic, tx) => {
    const window = windows.get(topic);
    if (window) {
      window.dirty = true;
      window.lastRowAt = Date.now();
      return;
    }
    open(topic);
    await live.publish(topic, ANALYTICS_EVENT, tx);
  };
}
