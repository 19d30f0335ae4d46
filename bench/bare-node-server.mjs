// The baseline of bench/http-throughput.mjs: a bare node:http server answering what our /api/health answers,
// after the same `select 1` on the same kind of pg pool. No framework, no middleware, no headers beyond JSON.
//
//   node bench/bare-node-server.mjs <port> <postgres url>
import { createServer } from 'node:http';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const body = JSON.stringify({ status: 'ok', database: { kind: 'postgres', status: 'up' }, live: { status: 'up' } });

createServer(async (request, response) => {
  await pool.query('select 1');
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
