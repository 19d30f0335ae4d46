import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The environment every launcher gives the compiled server (apps/server/build.mjs, decision 0197): glibc maps the
// 32 MiB scratch buffer of a password hash in transparent huge pages instead of 8,192 pages of 4 KiB.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { MALLOC_TUNABLES, serverEnvironment } = (await import(pathToFileURL(path.join(repoRoot, 'apps/server/build.mjs')).href)) as {
  MALLOC_TUNABLES: string;
  serverEnvironment(env: Record<string, string | undefined>): Record<string, string | undefined>;
};

/**
 * Whether this kernel gives transparent huge pages only to a mapping that asks (`madvise`, Debian's default): with
 * `always` every mapping gets them unasked, with `never` none does, and the setting changes nothing either way.
 */
function hugePagesOnRequestOnly(): boolean {
  try {
    return readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8').includes('[madvise]');
  } catch {
    return false;
  }
}

/** Page faults of each of five password hashes (Better Auth's scrypt parameters) in a Node process started with `env`. */
function faultsPerHash(env: Record<string, string | undefined>): number[] {
  const script = `
    const { scrypt } = require('node:crypto');
    const hash = () => new Promise((done) => scrypt('password', 'salt', 64, { N: 16384, r: 16, p: 1, maxmem: 2 ** 26 }, done));
    (async () => {
      const faults = [];
      for (let i = 0; i < 5; i += 1) {
        const before = process.resourceUsage().minorPageFault;
        await hash();
        faults.push(process.resourceUsage().minorPageFault - before);
      }
      console.log(JSON.stringify(faults));
    })();`;
  const child = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout) as number[];
}

const withoutTunables = { ...process.env, GLIBC_TUNABLES: undefined };

describe('the server environment', () => {
  it('adds the allocator settings, after which the caller may still set its own', () => {
    expect(serverEnvironment({ PORT: '3000' })).toEqual({ PORT: '3000', GLIBC_TUNABLES: MALLOC_TUNABLES });
    expect(serverEnvironment({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }).GLIBC_TUNABLES).toBe(`${MALLOC_TUNABLES}:glibc.malloc.arena_max=2`);
  });

  it.skipIf(process.platform !== 'linux' || !hugePagesOnRequestOnly())('has a password hash fault its 32 MiB in huge pages', () => {
    // Without the settings every hash maps its 32 MiB anew and faults in each of its 8,192 pages of 4 KiB.
    expect(Math.min(...faultsPerHash(withoutTunables))).toBeGreaterThanOrEqual(8_192);
    // With them the same 32 MiB comes in pages of 2 MiB, but for the ends of a mapping that does not start or stop on a
    // 2 MiB boundary: a few dozen to some 550 faults here.
    expect(Math.max(...faultsPerHash(serverEnvironment(withoutTunables)))).toBeLessThan(2_000);
  });
});
