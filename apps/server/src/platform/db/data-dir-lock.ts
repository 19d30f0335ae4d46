import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';

/**
 * Who has the embedded database's data directory open: `<dataDir>.lock`, a JSON `{ pid, hostname, since }` written by
 * the process that opens it and removed when it closes. PGlite is one process's database and its own postmaster.pid
 * names no real process (it says -42), so this file is what `npm run backup` and `npm run restore` read
 * (scripts/backup-kit.mjs) to refuse to copy or replace files a running server is writing. Beside the directory, not in
 * it: a backup of the directory must not carry it.
 */
export interface DataDirHolder {
  pid: number;
  hostname: string;
  since: string;
}

export function lockFileOf(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, '')}.lock`;
}

export function readHolder(dataDir: string): DataDirHolder | null {
  try {
    return JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as DataDirHolder;
  } catch {
    return null;
  }
}

/** Whether a process of this machine with this id runs (EPERM: it runs as another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks the data directory as this process's. Refuses when another live process of this machine holds it (two
 * processes on one PGlite directory corrupt it). A holder on another host name is taken over: a container restarted
 * after a crash gets a new host name, and the server must start again.
 */
/** Another live process holds the embedded database's folder: main.ts prints the message and exits with 1. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export function lockDataDir(dataDir: string): () => void {
  const holder = readHolder(dataDir);
  if (holder && holder.pid !== process.pid && holder.hostname === os.hostname() && isRunning(holder.pid)) {
    throw new DataDirInUseError(
      `The embedded database in ${dataDir} is open by process ${holder.pid} (since ${holder.since}): ` +
        'stop it first, or give this process another DATA_DIR.',
    );
  }
  const file = lockFileOf(dataDir);
  writeFileSync(file, JSON.stringify({ pid: process.pid, hostname: os.hostname(), since: new Date().toISOString() }));
  return () => {
    if (readHolder(dataDir)?.pid === process.pid) rmSync(file, { force: true });
  };
}
