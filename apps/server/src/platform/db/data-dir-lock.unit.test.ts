import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir, lockFileOf, readHolder } from './data-dir-lock.ts';

const freshDataDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'mingle-lock-')), 'pglite');
const holdAs = (dataDir: string, pid: number, hostname = os.hostname()) =>
  writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid, hostname, since: '2026-01-01T00:00:00.000Z' }));
/** The id of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('the embedded data directory lock', () => {
  it('is written beside the directory while held and removed on release', () => {
    const dataDir = freshDataDir();
    const release = lockDataDir(dataDir);
    expect(readHolder(dataDir)).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    expect(lockFileOf(dataDir)).toBe(`${dataDir}.lock`);
    release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('refuses a directory a live process of this host holds', () => {
    const dataDir = freshDataDir();
    holdAs(dataDir, process.ppid);
    expect(() => lockDataDir(dataDir)).toThrow(`is open by process ${process.ppid}`);
    expect(readHolder(dataDir)?.pid).toBe(process.ppid);
  });

  it("takes over a crashed process's lock, and one written on another host", () => {
    const crashed = freshDataDir();
    holdAs(crashed, deadPid());
    lockDataDir(crashed);
    expect(readHolder(crashed)?.pid).toBe(process.pid);
    const elsewhere = freshDataDir();
    holdAs(elsewhere, process.ppid, 'another-container');
    lockDataDir(elsewhere);
    expect(readHolder(elsewhere)?.pid).toBe(process.pid);
  });

  it('leaves a lock another process took since in place on release', () => {
    const dataDir = freshDataDir();
    const release = lockDataDir(dataDir);
    holdAs(dataDir, process.ppid);
    release();
    expect(readHolder(dataDir)?.pid).toBe(process.ppid);
  });
});
