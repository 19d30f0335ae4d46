import { passwordResetEmail } from './areas/auth/index.ts';
import { workReminders } from './areas/agenda/index.ts';
import { workRetention } from './areas/privacy/index.ts';
import { workMessageDigests } from './areas/messages/index.ts';
import { workWebhooks } from './areas/webhooks/index.ts';
import type { Resolver } from './platform/http/outbound.ts';
import { createAuth } from './platform/auth/auth.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { DatabaseHandle } from './platform/db/client.ts';
import { createLiveBus } from './platform/live/bus.ts';
import { createRedisLiveBus } from './platform/live/bus-redis.ts';
import { createLogger, type Logger } from './logger.ts';
import { startJobQueue, type JobQueueOptions, type RetryPolicy } from './platform/jobs/queue.ts';
import { createMetrics } from './platform/observability/metrics.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createPusher } from './platform/push/pusher.ts';
import type { Agent } from 'node:https';
import { createStorage } from './platform/storage/storage.ts';

/** What tests change: the job queue's schema and pace, the mail's and pushes' retries, the push requests' TLS agent. */
export interface ContextOptions {
  jobs?: JobQueueOptions;
  mailRetry?: RetryPolicy;
  pushRetry?: RetryPolicy;
  pushAgent?: Agent;
  /** The webhooks' host name resolver (tests: a name that resolves to 10.x without outside DNS). */
  resolveHost?: Resolver;
}

/** Wires the server's parts together on an open database; main.ts and the tests share it. */
export async function buildContext(config: Config, database: DatabaseHandle, log?: Logger, options: ContextOptions = {}): Promise<AppContext> {
  const logger = log ?? createLogger(config.logLevel, config.isProduction);
  const jobs = await startJobQueue(database, logger, options.jobs);
  const mailer = await createMailer({ config, db: database.db, jobs, log: logger, ...(options.mailRetry ? { retry: options.mailRetry } : {}) });
  const pusher = await createPusher({
    config,
    db: database.db,
    jobs,
    log: logger,
    ...(options.pushRetry ? { retry: options.pushRetry } : {}),
    ...(options.pushAgent ? { agent: options.pushAgent } : {}),
  });
  const live = config.redisUrl ? await createRedisLiveBus(config.redisUrl, logger) : await createLiveBus(database, logger);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    auth: createAuth({ config, db: database.db, log: logger, mailer, passwordResetEmail }),
    jobs,
    mailer,
    pusher,
    storage: createStorage(config),
    live,
    log: logger,
    metrics: createMetrics(database, jobs, logger),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
  };
  // The areas' own queues: every process works them, and a queue needs its worker before anything enqueues on it.
  await workMessageDigests(ctx);
  await workReminders(ctx);
  await workWebhooks(ctx);
  await workRetention(ctx);
  return ctx;
}
