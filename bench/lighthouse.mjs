// Lighthouse mobile (its default: a mid-range phone on slow 4G, simulated) for the pages people judge us by: the
// landing page, /auth and a public event page. Builds the web app into a temporary folder, starts the real server
// on a fresh embedded database with the demo data, runs Lighthouse in Debian's Chromium (CHROME_PATH, default
// /usr/bin/chromium) several times per page and prints the median and worst scores with the timings behind them.
// Printed, not asserted; targets: performance ≥ 90, accessibility 100. Run it on a quiet machine: Lighthouse's
// simulation scales with the CPU time it observes, so parallel builds or tests lower the score.
//
//   node bench/lighthouse.mjs [--runs 3] [--dist <already built web app>] [--reports <folder for the JSON reports and traces>]
//     [--pages /event/demo-summit,/auth]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchNode, compiledServer, report as reportFigure } from './bench-kit.mjs';

const ALL_PAGES = ['/', '/auth', '/event/demo-summit'];
const TARGETS = { performance: 90, accessibility: 100 };
const TIMINGS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const runs = Number(argument('runs', 3));
const keptReports = argument('reports', null);
const PAGES = argument('pages', ALL_PAGES.join(',')).split(',');
if (keptReports) mkdirSync(keptReports, { recursive: true });
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`no Chromium at ${chromePath}: install it (apt-get install chromium) or set CHROME_PATH`);
  process.exit(1);
}
const work = mkdtempSync(path.join(tmpdir(), 'mingle-lighthouse-'));

let dist = argument('dist', null);
if (!dist) {
  dist = path.join(work, 'dist');
  const build = spawnSync('npm', ['run', 'build', '-w', '@mingle/web'], { cwd: root, env: { ...process.env, WEB_DIST_DIR: dist }, encoding: 'utf8' });
  if (build.status !== 0) {
    process.stderr.write(build.stdout + build.stderr);
    process.exit(build.status ?? 1);
  }
}

const port = await freePort();
const base = `http://localhost:${port}`;
const { serverEnvironment } = await import('../apps/server/build.mjs');
const server = spawn(benchNode, [await compiledServer()], {
  cwd: root,
  stdio: 'ignore',
  env: serverEnvironment({
    ...process.env,
    NODE_ENV: 'development', // seeds the demo event the public page needs
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: base,
    WEB_DIST_DIR: dist,
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: '',
  }),
});

try {
  await waitForHealth(`${base}/api/health`);
  console.log(`Lighthouse mobile, ${runs} runs per page, Chromium ${chromeVersion()}; targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}\n`);
  console.log(`${'page'.padEnd(20)} ${'perf med'.padStart(8)} ${'perf min'.padStart(8)} ${'a11y'.padStart(5)}   FCP / LCP / TBT / CLS (median run)`);
  for (const page of PAGES) {
    const reports = [];
    const reportFolder = keptReports ?? work;
    const pageName = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    for (let run = 0; run < runs; run += 1) reports.push(lighthouse(`${base}${page}`, path.join(reportFolder, `${pageName}-${run}.json`)));
    const byPerformance = [...reports].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const median = byPerformance[Math.floor(byPerformance.length / 2)];
    const score = (report, category) => Math.round(report.categories[category].score * 100);
    const accessibility = Math.min(...reports.map((report) => score(report, 'accessibility')));
    const timings = TIMINGS.map((audit) => median.audits[audit].displayValue).join(' / ');
    const verdict = score(median, 'performance') >= TARGETS.performance && accessibility >= TARGETS.accessibility ? 'ok' : 'MISSES';
    const figure = { bench: 'lighthouse', unit: 'score', better: 'higher' };
    reportFigure({ ...figure, name: `performance (mobile), ${page}`, value: score(median, 'performance'), target: { op: '>=', value: TARGETS.performance } });
    reportFigure({ ...figure, name: `accessibility, ${page}`, value: accessibility, target: { op: '>=', value: TARGETS.accessibility } });
    console.log(
      `${page.padEnd(20)} ${String(score(median, 'performance')).padStart(8)} ${String(score(byPerformance[0], 'performance')).padStart(8)} ${String(accessibility).padStart(5)}   ${timings}  ${verdict}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

/** One Lighthouse run; a run that fails (Chromium now and then does not start) is tried once more. */
function lighthouse(url, output, attempt = 1) {
  const bin = path.join(root, 'node_modules/.bin/lighthouse');
  const result = spawnSync(
    bin,
    [
      url,
      '--quiet',
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${output}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ...(keptReports ? ['--save-assets'] : []), // the trace and DevTools log beside each kept report
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    if (attempt < 2) return lighthouse(url, output, attempt + 1);
    throw new Error(`lighthouse failed for ${url}: ${result.stderr}`);
  }
  return JSON.parse(readFileSync(output, 'utf8'));
}

function chromeVersion() {
  return spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^Chromium\s*/, '');
}

async function waitForHealth(url) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${url}`);
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port: found } = probe.address();
      probe.close(() => resolve(found));
    });
  });
}
