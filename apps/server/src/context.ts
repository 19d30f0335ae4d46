import type { Auth } from './platform/auth/auth.ts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './platform/db/client.ts';
import type { LiveBus } from './platform/live/bus.ts';
import type { JobQueue } from './platform/jobs/queue.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import type { Pusher } from './platform/push/pusher.ts';
import type { Storage } from './platform/storage/storage.ts';
import type { Resolver } from './platform/http/outbound.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './platform/observability/metrics.ts';

/** Everything a route or service needs from the running server, built once in main.ts (or by a test). */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  jobs: JobQueue;
  mailer: Mailer;
  pusher: Pusher;
  storage: Storage;
  live: LiveBus;
  log: Logger;
  metrics: Metrics;
  /** How outbound calls (webhooks) resolve host names: the system's unless a test injects its own. */
  resolveHost?: Resolver;
}
