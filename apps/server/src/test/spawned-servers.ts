import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The servers the API tests start as processes of their own (test/spawn-server.ts) are listed, one pid a line, in a
// file the global setup names; its teardown stops those still running. A test stops its servers itself; this is for
// the one that times out or fails first, whose server would otherwise outlive it, and the run.

export const SPAWNED_SERVERS_VARIABLE = 'MINGLE_TEST_SPAWNED_SERVERS';

/** Names the run's list in the environment the test workers inherit; answers the teardown that stops the leftovers. */
export function listSpawnedServers(): () => void {
  const file = path.join(tmpdir(), `mingle-spawned-servers-${process.pid}-${Date.now()}.txt`);
  writeFileSync(file, '');
  process.env[SPAWNED_SERVERS_VARIABLE] = file;
  return () => {
    for (const pid of readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number)) {
      // Only a server of ours: the pid may have been given to another process since.
      let command = '';
      try {
        command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue; // exited
      }
      if (!command.includes('dist/main.js')) continue;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // exited meanwhile
      }
    }
    rmSync(file, { force: true });
  };
}
