// The framework's own floor for bench/http-throughput.mjs: the Hono app and Node adapter our server is built on, with
// one route doing what bare-node-server.mjs does (the same `select 1` on the same kind of pg pool, the same JSON), and
// nothing of ours: no middleware, no other routes, no security headers. Ours against it is what our app adds.
//
//   node bench/bare-hono-server.mjs <port> <postgres url>
import { createRequire } from 'node:module';
import pg from 'pg';

// The framework exactly as the server has it: its own copies, wherever npm placed them.
const fromServer = createRequire(new URL('../apps/server/package.json', import.meta.url));
const { serve } = fromServer('@hono/node-server');
const { Hono } = fromServer('hono');

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const app = new Hono().get('/', async (c) => {
  await pool.query('select 1');
  return c.json({ status: 'ok', database: { kind: 'postgres', status: 'up' }, live: { status: 'up' } });
});

serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, () => console.log('listening'));
