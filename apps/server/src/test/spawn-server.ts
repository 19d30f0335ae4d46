import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';
import { SPAWNED_SERVERS_VARIABLE } from './spawned-servers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The compiled server, as `npm start` runs it; the API tests' global setup builds it (decision 0135). */
const compiledServer = 'apps/server/dist/main.js';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Stops the server with SIGTERM and waits for its exit code. */
  stop(): Promise<number | null>;
}

/**
 * How long a spawned server may take to say it is running. Alone it takes a few seconds; beside the browser tests and
 * another test file on CI's two cores, a first start on a fresh embedded database (migrations, demo data) took over
 * a minute (27 November). Tests that start servers give each start this much.
 */
export const SERVER_START_MS = 150_000;

/** Runs the real start-up (the compiled apps/server/src/main.ts) as its own process, as `npm start` does. */
export async function startServerProcess(env: Record<string, string>, args: string[] = []): Promise<ServerProcess> {
  const port = env.PORT ?? '0';
  const child = spawn(process.execPath, [compiledServer, ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  remember(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left to start later with nobody to stop it.
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${output}`));
    }, SERVER_START_MS);
    const check = () => {
      if (output.includes('Mingle is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      if (!output.includes('Mingle is running')) reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    url: `http://localhost:${port}`,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs the start-up expecting it to fail; answers its exit code and output. */
export async function runServerExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [compiledServer], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  remember(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

/**
 * Makes sure the server does not outlive its test: a test that timed out or failed between the start and its stop
 * would otherwise leave it running, and with it its job queue, for the rest of the run. The run's file of servers
 * (test/spawned-servers.ts) catches one started outside a test.
 */
function remember(child: ChildProcess) {
  const file = process.env[SPAWNED_SERVERS_VARIABLE];
  if (file && child.pid) appendFileSync(file, `${child.pid}\n`);
  // Started in a test: it ends with the test at the latest, also one that timed out before its own stop.
  try {
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
  } catch {
    // Started in a hook, outside any test: the run's teardown is the net.
  }
}
