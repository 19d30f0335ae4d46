import { createAuth } from './platform/auth/auth.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { DatabaseHandle } from './platform/db/client.ts';
import { createLiveBus } from './platform/live/bus.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createStorage } from './platform/storage/storage.ts';

/** Wires the server's parts together on an open database; main.ts and the tests share it. */
export async function buildContext(config: Config, database: DatabaseHandle, log?: Logger): Promise<AppContext> {
  const logger = log ?? createLogger(config.logLevel, config.isProduction);
  const mailer = createMailer({ config, db: database.db, log: logger });
  const live = await createLiveBus(database, logger);
  return {
    config,
    database,
    db: database.db,
    auth: createAuth({ config, db: database.db, mailer }),
    mailer,
    storage: createStorage(config),
    live,
    log: logger,
  };
}
