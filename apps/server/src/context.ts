import type { Auth } from './auth/auth.ts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { LiveBus } from './live/bus.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Storage } from './storage/storage.ts';
import type { Logger } from './logger.ts';

/** Everything a route or service needs from the running server, built once in main.ts (or by a test). */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  live: LiveBus;
  log: Logger;
}
