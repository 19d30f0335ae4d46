// `npm run bench`: every benchmark in turn, each printing its own figures and targets, then a summary of the runs
// with every figure a benchmark marked as missing its target.
// The benchmarks create their own databases (PostgreSQL at BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres) and builds, and leave nothing behind. Run on a quiet machine: they
// measure time, and anything else running on the same cores shows up in their figures.
//
//   npm run bench                    (all)
//   npm run bench -- agenda discovery  (the named ones)
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const BENCHES = [
  'page-weight',
  'lighthouse',
  'http-throughput',
  'agenda',
  'discovery',
  'feed-growth',
  'sponsor-dashboard',
  'goodie-scans',
  'message-latency',
  'feed-fanout',
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !BENCHES.includes(name));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHES.join(', ')}`);
  process.exit(2);
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
console.log(`Mingle benchmarks on ${machine}\n`);

const results = [];
for (const name of chosen.length ? chosen : BENCHES) {
  console.log(`━━━ ${name} ━━━ (load average ${loadavg()[0].toFixed(1)})`);
  const started = performance.now();
  const run = spawnSync(process.execPath, [path.join(here, `${name}.mjs`)], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(run.stdout ?? '');
  // Lines a benchmark marks as missing its target (each prints "MISSES", "❌" or "OVER" next to the figure).
  const misses = (run.stdout ?? '').split('\n').filter((line) => /MISSES|❌|OVER the/.test(line));
  results.push({ name, status: run.status, seconds: (performance.now() - started) / 1000, misses });
  console.log('');
}

console.log('━━━ summary ━━━');
for (const result of results) {
  const state = result.status !== 0 ? `FAILED (exit ${result.status})` : result.misses.length ? `${result.misses.length} figure(s) miss the target` : 'ran: its figures and targets are printed above';
  console.log(`${result.name.padEnd(18)} ${`${result.seconds.toFixed(0)} s`.padStart(6)}  ${state}`);
  for (const line of result.misses) console.log(`${' '.repeat(27)}${line.trim()}`);
}
process.exit(results.some((result) => result.status !== 0) ? 1 : 0);
