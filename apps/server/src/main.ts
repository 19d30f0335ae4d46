import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { createApp } from './app.ts';
import { buildContext } from './build-context.ts';
import { ConfigError, isLoopbackHost, loadConfig } from './config.ts';
import { openDatabase, runMigrations } from './platform/db/client.ts';
import { DataDirInUseError } from './platform/db/data-dir-lock.ts';
import { canSubscribe } from './areas/event-access/index.ts';
import { attachLiveHub } from './platform/live/hub.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { beginShutdown, isShuttingDown } from './platform/http/health.ts';

/** Start-up: configuration, database and migrations, demo data on a first start, then listen. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await runMigrations(database);
  // An upgrade's schema step on its own (docs/operations.md, Upgrades): migrate, then exit without serving.
  if (process.argv.includes('--migrate-only')) {
    await database.close();
    console.log('Migrations applied.');
    return;
  }
  const ctx = await buildContext(config, database);

  const withDemo = config.devTools.demo && !process.argv.includes('--no-demo');
  const seeded = withDemo ? await seedDemoIfEmpty(ctx) : false;

  const app = createApp(ctx);
  const server = serve({
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
  }) as Server;
  const hub = attachLiveHub(server, ctx, {
    authorize: (caller, topic) => canSubscribe(ctx, caller, topic),
    maxSocketsPerAddress: config.liveSocketsPerIp,
  });
  ctx.metrics.countLiveConnections(hub.connectionCount);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));

  // One write, so whoever watches the output sees the whole banner at once.
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`;
  const banner = [`\nMingle is running at ${config.publicUrl}  (database: ${where})`];
  if (withDemo) {
    banner.push(seeded ? 'Demo data created.' : 'Demo data already present.');
    banner.push(`Demo accounts (password "${DEMO_PASSWORD}"):`);
    for (const account of DEMO_ACCOUNTS) banner.push(`  ${account.email.padEnd(24)} ${account.role}`);
  }
  if (!config.isProduction) banner.push(`API docs: ${config.publicUrl}/api/docs`);
  if (config.devTools.mailbox) banner.push(`Mailbox: ${config.publicUrl}/dev/mailbox (every email this server sends)`);
  if (!config.isProduction && !isLoopbackHost(config.host)) {
    banner.push(
      `Listening on ${config.host}, reachable by others: demo data ${config.devTools.demo ? 'ON (DEMO=true)' : 'off'}, ` +
        `mailbox ${config.devTools.mailbox ? 'ON (DEV_MAILBOX=true)' : 'off'}. For a real server use NODE_ENV=production.`,
    );
  }
  banner.push('');
  console.log(banner.join('\n'));

  // A response during shutdown says `Connection: close`, so keep-alive clients (the load balancer's upstream
  // connections) open their next request elsewhere instead of on a socket that is about to close. Prepended, it runs
  // before Hono's listener, whose writeHead merges the header in.
  server.prependListener('request', (_request, response) => {
    if (isShuttingDown(ctx)) response.setHeader('Connection', 'close');
  });

  let stoppingSince: number | undefined;
  /**
   * The graceful stop (decision 0179): readiness false at once, still serving for SHUTDOWN_DELAY_MS while load
   * balancers notice; then no new connections, idle keep-alive ones closed, live sockets told 1012 Service Restart;
   * requests in flight and running jobs finish within SHUTDOWN_TIMEOUT_MS (then they are cut); exit 0.
   * A second signal exits at once; one within a second of the first is the same Ctrl-C, which reaches this process
   * from the terminal and again through `npm start` and npm, and must not cut the embedded database's close.
   */
  const stop = async (signal: string) => {
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince < 1_000) return;
      ctx.log.warn(`received ${signal} again, exiting without waiting`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    const { delayMs, timeoutMs } = config.shutdown;
    ctx.log.info(`received ${signal}, shutting down: ready false, serving ${delayMs} ms more, then draining`);
    beginShutdown(ctx);
    await sleep(delayMs);

    const deadline = Date.now() + timeoutMs;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const cut = setTimeout(() => {
      ctx.log.warn(`requests still running after ${timeoutMs} ms: cutting them`);
      server.closeAllConnections();
    }, timeoutMs);
    await hub.close();
    await closed;
    clearTimeout(cut);
    // Running jobs finish (their time counts against the same deadline); waiting ones stay queued for another process.
    await ctx.jobs.stop(Math.max(1_000, deadline - Date.now()));
    ctx.mailer.close();
    await ctx.live.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

await main();
