import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./test/hot-subclass.ts', import.meta.url));

/** The optimizations of the fixture's subclass or of its caller that V8 threw away, as --trace-opt prints them. */
function abortedOptimizations(withFlags: boolean): string[] {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--trace-opt', fixture], {
    env: { ...process.env, WITH_FLAGS: withFlags ? '1' : '0' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stdout).toContain('total 300000');
  return run.stdout.split('\n').filter((line) => line.includes('aborted optimizing') && /<JSFunction (Refusal|refuse) /.test(line));
}

// Decision 0075: under tsx, a subclass constructed on a hot path was never optimized on Node 20.
describe('the V8 flags the server starts with', () => {
  it('let a subclass compiled by tsx be optimized instead of thrown away over and over', () => {
    // Without them the fixture shows the loop. When a Node version no longer does, the flag can go.
    expect(abortedOptimizations(false).length, 'this Node still throws the optimizations away').toBeGreaterThan(1);
    expect(abortedOptimizations(true)).toEqual([]);
  }, 120_000); // two child processes that each load tsx: seconds on a quiet machine, more when the tests share its cores

  it('are set by the first import of main.ts, before any other module runs', () => {
    const main = readFileSync(fileURLToPath(new URL('./main.ts', import.meta.url)), 'utf8');
    expect(main.match(/^import .*$/m)?.[0]).toMatch(/^import '\.\/v8-flags\.ts';/);
  });
});
