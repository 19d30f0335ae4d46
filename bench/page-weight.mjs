// Page weight: builds the web app into a temporary folder and prints, for each measured route, the JavaScript a
// first visit downloads before the page can render: the entry script and its modulepreloads from index.html, plus
// the route's lazy chunk and every chunk it imports statically (dynamic imports load later, on demand). Sizes are
// gzip level 9, as a CDN would serve them. Printed, not asserted; the target is 170 kB.
//
//   node bench/page-weight.mjs            (builds, measures, removes the build)
//   node bench/page-weight.mjs --keep     (keeps the build and prints where it is)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { report } from './bench-kit.mjs';

const TARGET_KB = 170;
/** Route → the file name prefix of its lazy page chunk (router.tsx imports one page module per route). */
const ROUTES = { '/': 'landing-page', '/auth': 'auth-page', '/event/{slug}': 'public-event-page' };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = mkdtempSync(path.join(tmpdir(), 'mingle-page-weight-'));
const keep = process.argv.includes('--keep');

const build = spawnSync('npm', ['run', 'build', '-w', '@mingle/web'], {
  cwd: root,
  env: { ...process.env, WEB_DIST_DIR: outDir },
  encoding: 'utf8',
});
if (build.status !== 0) {
  process.stderr.write(build.stdout + build.stderr);
  process.exit(build.status ?? 1);
}

const assets = path.join(outDir, 'assets');
const files = readdirSync(assets);
const gzipped = new Map();
const gzipSize = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/** Chunks a module imports statically (`import … from "./x.js"`, `import "./x.js"`), never `import("./x.js")`. */
function staticImports(file) {
  const code = readFileSync(path.join(assets, file), 'utf8');
  const found = new Set();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)) found.add(match[1]);
  return [...found];
}

function closure(start) {
  const seen = new Set();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/assets\/([^"]+\.css)"/g)].map((m) => m[1]);
const shell = closure([...entry, ...preloads]);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`Initial JavaScript per route (gzip), target ${TARGET_KB} kB\n`);
console.log(`shell (entry + modulepreloads): ${[...shell].join(', ')}`);
console.log(`CSS (not counted): ${css.map((file) => `${file} ${kb(gzipSize(file))}`).join(', ')}\n`);
for (const [route, prefix] of Object.entries(ROUTES)) {
  const page = files.find((file) => file.startsWith(`${prefix}-`) && file.endsWith('.js'));
  if (!page) {
    console.log(`${route}: no chunk named ${prefix}-*.js`);
    continue;
  }
  const all = closure([...shell, page]);
  const rows = [...all].map((file) => [file, gzipSize(file)]).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, size]) => sum + size, 0);
  const verdict = total <= TARGET_KB * 1024 ? 'within' : 'OVER';
  report({ bench: 'page-weight', name: `initial JS, ${route}`, value: total / 1024, unit: 'kB gzip', better: 'lower', target: { op: '<=', value: TARGET_KB } });
  console.log(`${route.padEnd(14)} ${kb(total).padStart(9)}  (${verdict} the ${TARGET_KB} kB target, ${rows.length} files)`);
  for (const [file, size] of rows) console.log(`         ${kb(size).padStart(9)}  ${file}${shell.has(file) ? '' : '  (route)'}`);
  console.log('');
}
console.log('Lighthouse scores for these pages: node bench/lighthouse.mjs');

if (keep) console.log(`\nBuild kept in ${outDir}`);
else rmSync(outDir, { recursive: true, force: true });
