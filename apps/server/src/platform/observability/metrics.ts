import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client.ts';
import type { JobQueue, QueueHealth } from '../jobs/queue.ts';
import type { Logger } from '../../logger.ts';

/** The Prometheus metrics of one app (decision 0175): requests, live sockets, the job queue, the database pool. */
export interface Metrics {
  /** One answered request; `route` is the matched route pattern, never the raw path. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Where the live socket count comes from: the hub, which main.ts attaches after the app is built. */
  countLiveConnections(count: () => number): void;
  /** The text exposition of this app's and this process's metrics, gathered now. */
  render(): Promise<string>;
  contentType: string;
}

type PoolStats = ReturnType<NonNullable<DatabaseHandle['poolStats']>>;

/** How long a scrape waits for the queue's counts: a slow database must not hang the scrape (or pile up queries). */
const QUEUE_HEALTH_TIMEOUT_MS = 1_000;

/** Methods a route can have; anything else is one label value, so a client cannot invent label sets. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

let processRegistry: Registry | undefined;

/**
 * Memory, CPU, event-loop lag and the like describe the process, not an app: one registry for them per process,
 * since each collectDefaultMetrics starts its own event-loop monitor and tests build many apps in one process.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(database: DatabaseHandle, jobs: JobQueue, log: Logger): Metrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });

  let liveConnections = () => 0;
  new Gauge({
    name: 'mingle_live_connections',
    help: 'Open live WebSockets on this process',
    registers: [registry],
    collect() {
      this.set(liveConnections());
    },
  });

  const queueHealth = queueHealthReader(jobs, log);
  const queueGauge = (name: string, help: string, pick: (health: QueueHealth) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const health = await queueHealth();
        if (health) this.set(pick(health));
      },
    });
  queueGauge('mingle_jobs_waiting', 'Jobs waiting to run, retries included', (health) => health.waiting);
  queueGauge('mingle_jobs_active', 'Jobs running now', (health) => health.active);
  queueGauge('mingle_jobs_failed_last_day', 'Jobs that failed for good in the last 24 hours', (health) => health.failedLastDay);
  queueGauge('mingle_jobs_dead_lettered', 'Jobs in the dead-letter queues, waiting for a person', (health) => health.deadLettered);
  new Gauge({
    name: 'mingle_jobs_health_up',
    help: 'Whether the last scrape read the job queue counts in time (0: the mingle_jobs_ values are older)',
    registers: [registry],
    async collect() {
      this.set((await queueHealth()) ? 1 : 0);
    },
  });

  const poolStats = database.poolStats;
  if (poolStats) {
    const poolGauge = (name: string, help: string, pick: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(pick(poolStats()));
        },
      });
    poolGauge('mingle_db_pool_connections', 'Connections the PostgreSQL pool holds', (stats) => stats.total);
    poolGauge('mingle_db_pool_idle_connections', 'Pool connections not in use', (stats) => stats.idle);
    poolGauge('mingle_db_pool_waiting_requests', 'Queries waiting for a pool connection', (stats) => stats.waiting);
  }

  return {
    observeRequest(method, route, status, seconds) {
      const statusClass = `${Math.floor(status / 100)}xx`;
      requests.observe({ method: KNOWN_METHODS.has(method) ? method : 'OTHER', route, status_class: statusClass }, seconds);
    },
    countLiveConnections(count) {
      liveConnections = count;
    },
    async render() {
      const [own, ofProcess] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return own + ofProcess;
    },
    contentType: registry.contentType,
  };
}

/**
 * The queue's counts for one scrape, read once for the five gauges that show them (the registry collects them all at
 * once): a query still running from an earlier scrape is waited on, not repeated. Answers undefined when the counts do not come within the timeout.
 */
function queueHealthReader(jobs: JobQueue, log: Logger): () => Promise<QueueHealth | undefined> {
  let running: Promise<QueueHealth | undefined> | undefined;
  return () => {
    running ??= jobs
      .health()
      .catch((error: unknown) => {
        log.warn('metrics: could not read the job queue counts', { error: String(error) });
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), QUEUE_HEALTH_TIMEOUT_MS);
    });
    return Promise.race([running, timeout]).finally(() => clearTimeout(timer));
  };
}
