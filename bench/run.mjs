// `npm run bench`: runs each chosen benchmark BENCH_RUNS times (each printing its own figures as it goes), collects
// the headline figures they report (bench-kit's `report`, one JSON line per figure in a file named by BENCH_FIGURES),
// and prints ONE table: per figure the median and p95 over the runs, the median of the per-run ratios against the
// run's baseline, the target and whether the median meets it. See bench/README.md. Exits 1 only when a benchmark
// crashes (or reports nothing), never because a figure misses its target.
//
// The benchmarks create their own databases (PostgreSQL at BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres) and builds, and leave nothing behind. Run on a quiet machine: they
// measure time, and anything else running on the same cores shows up in their figures.
//
//   npm run bench                                 (all, 3 runs each)
//   npm run bench -- --runs 5 goodie-scans        (the named ones, 5 runs each; or BENCH_RUNS=5)
//   npm run bench -- --quick                      (smaller sizes where a benchmark has them: a smoke run)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchNode, nodeVersion } from './bench-kit.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * Every benchmark, in the order they run, with the arguments run.mjs gives it: lighthouse and http-throughput repeat
 * their own measurement by default, which the runs here already do.
 */
const BENCHES = {
  'page-weight': [],
  lighthouse: ['--runs', '1'],
  'http-throughput': ['--runs', '1'],
  agenda: [],
  discovery: [],
  'feed-growth': [],
  'leads-growth': [],
  'admin-users-growth': [],
  'sponsor-dashboard': [],
  'goodie-scans': [],
  'door-rush': [],
  'message-latency': [],
  'feed-fanout': [],
  'svg-upload-signin': [],
  'mail-throughput': [],
  webhooks: [],
  badges: [],
  'live-bus': [],
  'rolling-restart': [],
  'conference-morning': [],
};

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = Number(runsAt === -1 ? (process.env.BENCH_RUNS ?? 3) : args[runsAt + 1]);
const quick = args.includes('--quick');
const chosen = args.filter((arg, index) => !arg.startsWith('--') && (runsAt === -1 || index !== runsAt + 1));
const unknown = chosen.filter((name) => !(name in BENCHES));
if (!Number.isInteger(runs) || runs < 1 || unknown.length) {
  if (unknown.length) console.error(`unknown benchmark(s): ${unknown.join(', ')}`);
  console.error(`usage: node bench/run.mjs [--runs N] [--quick] [${Object.keys(BENCHES).join(' | ')} …]`);
  process.exit(2);
}
const names = chosen.length ? chosen : Object.keys(BENCHES);

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${nodeVersion(benchNode)}${benchNode === process.execPath ? '' : ` (the current LTS line; this machine's is ${process.version})`}, ${await postgresVersion()}`;
console.log(`Mingle benchmarks: ${names.join(', ')}; ${runs} run(s) each${quick ? ', QUICK sizes (a smoke run: no figure here says anything about a target)' : ''}`);
console.log(`${machine}\n`);

const work = mkdtempSync(path.join(tmpdir(), 'mingle-bench-figures-'));
/** Per benchmark: the load average before each run, each run's exit status and seconds, and every figure reported. */
const benches = [];
for (const name of names) {
  const bench = { name, loads: [], crashes: [], seconds: 0, figures: [] };
  benches.push(bench);
  for (let run = 1; run <= runs; run++) {
    const load = loadavg()[0];
    bench.loads.push(load);
    console.log(`━━━ ${name}, run ${run} of ${runs} ━━━ (load average ${load.toFixed(1)} before it)`);
    const file = path.join(work, `${name}-${run}.jsonl`);
    const started = performance.now();
    const child = spawnSync(process.execPath, [path.join(here, `${name}.mjs`), ...BENCHES[name]], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_FIGURES: file, ...(quick ? { BENCH_QUICK: '1' } : {}) },
    });
    bench.seconds += (performance.now() - started) / 1000;
    const figures = readFigures(file).map((figure) => ({ ...figure, run }));
    if (child.status !== 0 || figures.length === 0) bench.crashes.push(`run ${run}: ${child.status !== 0 ? `exit ${child.status ?? child.signal}` : 'no figures reported'}`);
    bench.figures.push(...figures);
    console.log('');
  }
}
rmSync(work, { recursive: true, force: true });

printTable();
process.exit(benches.some((bench) => bench.crashes.length > 0) ? 1 : 0);

function readFigures(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

async function postgresVersion() {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  try {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('select version()');
    await client.end();
    return rows[0].version.split(' on ')[0];
  } catch (error) {
    return `PostgreSQL not reachable at ${url} (${error.message})`;
  }
}

/** Of the finite values (a run that measured nothing is left out here, and makes its figure a miss). */
function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest rank, as bench-kit's percentiles: with 3 runs it is the highest. */
function p95(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)];
}

function meets(value, { op, value: wanted }) {
  return Number.isFinite(value) && { '<=': value <= wanted, '>=': value >= wanted, '<': value < wanted, '>': value > wanted, '=': value === wanted }[op];
}

/** Whole numbers as they are; others with 2 decimals under 10, 1 under 1,000, none from there. */
function number(value) {
  if (!Number.isFinite(value)) return 'none';
  const size = Math.abs(value);
  const digits = Number.isInteger(value) || size >= 1000 ? 0 : size >= 10 ? 1 : 2;
  return value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * One row per figure, in the order first reported. A figure is judged on the median of its runs; an all-or-nothing
 * one (target `=`: invariants held, messages lost) on every run, so one bad run is a miss. A null value (nothing
 * could be measured) is a miss.
 */
function rowsOf(bench) {
  const byName = new Map();
  for (const figure of bench.figures) {
    if (!byName.has(figure.name)) byName.set(figure.name, []);
    byName.get(figure.name).push(figure);
  }
  return [...byName.entries()].map(([name, list]) => {
    const { unit, target, ratio } = list[0];
    const values = list.map((figure) => figure.value ?? Number.NaN);
    const ratios = list.map((figure) => figure.ratio?.value ?? Number.NaN);
    const judge = (target, series) =>
      series.every(Number.isFinite) && (target.op === '=' ? series.every((value) => meets(value, target)) : meets(median(series), target));
    const checks = [];
    if (target) checks.push({ text: `${target.op} ${number(target.value)} ${unit}`.trim(), ok: judge(target, values) });
    if (ratio?.target) checks.push({ text: `ratio ${ratio.target.op} ${number(ratio.target.value)}`, ok: judge(ratio.target, ratios) });
    return {
      bench: bench.name,
      figure: list.length < bench.loads.length ? `${name} (${list.length} of ${bench.loads.length} runs)` : name,
      median: `${number(median(values))} ${unit}`.trim(),
      p95: `${number(p95(values))} ${unit}`.trim(),
      ratio: ratio ? `${number(median(ratios))}x of ${ratio.of}` : '',
      target: checks.map((check) => check.text).join(', '),
      verdict: checks.length === 0 ? '' : checks.every((check) => check.ok) ? 'ok' : 'MISSES',
    };
  });
}

/** A Markdown table with aligned columns: readable in the terminal, and ready for bench/RESULTS.md. */
function printTable() {
  const header = { bench: 'bench', figure: 'figure', median: 'median', p95: 'p95 of runs', ratio: 'ratio (median)', target: 'target', verdict: 'verdict' };
  const rows = [];
  for (const bench of benches) {
    rows.push(...rowsOf(bench));
    if (bench.crashes.length) rows.push({ bench: bench.name, figure: `CRASHED: ${bench.crashes.join('; ')}`, median: '', p95: '', ratio: '', target: '', verdict: 'CRASHED' });
  }
  const columns = Object.keys(header);
  const width = Object.fromEntries(columns.map((column) => [column, Math.max(...[header, ...rows].map((row) => row[column].length))]));
  const line = (row) => `| ${columns.map((column) => row[column].padEnd(width[column])).join(' | ')} |`;
  console.log(`━━━ summary: median and p95 over ${runs} run(s) ━━━`);
  console.log(machine);
  for (const bench of benches) {
    console.log(`${bench.name}: load average before each run ${bench.loads.map((load) => load.toFixed(1)).join(', ')}; ${bench.seconds.toFixed(0)} s in all`);
  }
  console.log('');
  console.log(line(header));
  console.log(`|${columns.map((column) => '-'.repeat(width[column] + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  const misses = rows.filter((row) => row.verdict === 'MISSES').length;
  const crashed = benches.filter((bench) => bench.crashes.length).length;
  console.log(`\n${rows.length - benches.filter((bench) => bench.crashes.length).length} figures, ${misses} missing their target${crashed ? `, ${crashed} benchmark(s) crashed` : ''}.`);
}
