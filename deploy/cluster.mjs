// Several compiled Mingle processes on one PostgreSQL behind a real nginx, for the tests and benchmarks that need
// what production runs (decision 0177). nginx's configuration is the shipped deploy/nginx/mingle.conf with this
// machine's ports and paths put in, so the tested configuration is the one operators copy.
//   const cluster = await startCluster({ processes: 2, databaseUrl });   ...   await cluster.stop();
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverEntry, serverEnvironment } from '../apps/server/build.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nginxTemplate = path.join(repoRoot, 'deploy/nginx/mingle.conf');
export const nginxBinary = '/usr/sbin/nginx';
/** Every process of a cluster signs session cookies with the same secret, as behind any load balancer. */
const clusterSecret = 'mingle-cluster-secret-shared-by-every-process-0123456789';
const startTimeoutMs = 60_000;

let built;

/**
 * Starts `processes` Mingle processes on `databaseUrl` (which the caller creates and drops) and, unless `nginx` is
 * false, nginx in front of them. Answers { url, members: [{ url, port, pid, restart(), stop() }], accessLog(), stop() }.
 */
export async function startCluster({ processes = 2, databaseUrl, nginx = true, env = {}, log = false }) {
  if (!databaseUrl) throw new Error('startCluster needs databaseUrl: one PostgreSQL database for every process');
  built ??= buildServer();
  await built;

  const directory = mkdtempSync(path.join(tmpdir(), 'mingle-cluster-'));
  // nginx's workers drop root's rights when the tests run as root: they must still reach their temporary files.
  chmodSync(directory, 0o755);
  // One data directory for all, as a shared volume in production: an upload stored by one process is served by any.
  const dataDir = path.join(directory, 'data');
  const ports = await freePorts(processes + (nginx ? 1 : 0));
  const memberPorts = ports.slice(0, processes);
  const url = `http://127.0.0.1:${nginx ? ports[processes] : memberPorts[0]}`;
  const memberEnv = {
    NODE_ENV: 'production',
    MAIL_TRANSPORT: 'outbox',
    AUTH_SECRET: clusterSecret,
    PUBLIC_URL: url,
    TRUST_PROXY: nginx ? '1' : 'false',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
  };

  const members = memberPorts.map((port) => member(port, memberEnv, log));
  let proxy;
  const killAll = () => {
    proxy?.kill();
    for (const one of members) one.kill();
  };
  // A test runner that exits without stop() must not leave servers listening.
  process.once('exit', killAll);
  try {
    // The first process applies the migrations; the others start on the migrated database.
    await members[0].start();
    await Promise.all(members.slice(1).map((one) => one.start()));
    if (nginx) proxy = await startNginx(directory, ports[processes], memberPorts, log);
  } catch (error) {
    process.off('exit', killAll);
    killAll();
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }

  const accessLog = path.join(directory, 'nginx/access.log');
  return {
    url,
    members: members.map((one) => one.handle),
    /** nginx's access log so far (deploy/nginx/mingle.conf's `mingle` format: it names the process that answered). */
    accessLog: () => (nginx ? readFileSync(accessLog, 'utf8') : ''),
    async stop() {
      process.off('exit', killAll);
      await proxy?.stop();
      await Promise.all(members.map((one) => one.handle.stop()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** One Mingle process on a fixed port, which can be stopped and started again there. */
function member(port, env, log) {
  const url = `http://127.0.0.1:${port}`;
  let child;
  let exited = Promise.resolve();
  let output = '';

  const start = async () => {
    output = '';
    child = spawn(process.execPath, [serverEntry, '--no-demo'], {
      cwd: repoRoot,
      env: serverEnvironment({ ...process.env, ...env, PORT: String(port) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = child;
    const record = (chunk) => {
      output = (output + chunk).slice(-20_000);
      if (log) process.stderr.write(`[mingle ${port}] ${chunk}`);
    };
    running.stdout.on('data', record);
    running.stderr.on('data', record);
    exited = new Promise((resolve) => running.once('exit', resolve));
    await untilReady(url, exited, () => output);
  };

  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(force);
  };

  return {
    start,
    kill: () => child?.kill('SIGKILL'),
    handle: {
      url,
      port,
      get pid() {
        return child?.pid;
      },
      /** SIGTERM, waits for the exit, starts again on the same port and waits until it is ready. */
      async restart() {
        await stop();
        await start();
      },
      stop,
    },
  };
}

/**
 * Waits until the process answers its readiness check 200: /api/ready, or /api/health where /api/ready does not
 * exist (404). Fails with the process's output when it exits first or takes longer than a minute.
 */
async function untilReady(url, exited, output) {
  let gone = false;
  void exited.then(() => (gone = true));
  let readiness = '/api/ready';
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`Mingle process at ${url} exited while starting:\n${output()}`);
    try {
      const response = await fetch(url + readiness);
      await response.body?.cancel();
      if (response.status === 200) return;
      if (response.status === 404 && readiness === '/api/ready') readiness = '/api/health';
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Mingle process at ${url} not ready within ${startTimeoutMs / 1000} s:\n${output()}`);
}

/** Starts nginx with the shipped configuration rendered for these ports; answers { stop(), kill() }. */
async function startNginx(directory, port, memberPorts, log) {
  const home = path.join(directory, 'nginx');
  mkdirSync(home, { recursive: true });
  const site = renderSite(readFileSync(nginxTemplate, 'utf8'), { port, memberPorts, accessLog: path.join(home, 'access.log') });
  writeFileSync(path.join(home, 'mingle.conf'), site);
  const errorLog = log ? 'stderr' : path.join(home, 'error.log');
  // What Debian's /etc/nginx/nginx.conf gives the site around it, with every path in our own folder.
  const main = [
    'worker_processes 1;',
    `pid ${home}/nginx.pid;`,
    `error_log ${errorLog} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    sendfile on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${home}/${kind}_temp;`),
    `    include ${home}/mingle.conf;`,
    '}',
    '',
  ].join('\n');
  writeFileSync(path.join(home, 'nginx.conf'), main);

  const child = spawn(nginxBinary, ['-p', home, '-c', path.join(home, 'nginx.conf'), '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const record = (chunk) => {
    output = (output + chunk).slice(-20_000);
    if (log) process.stderr.write(`[nginx] ${chunk}`);
  };
  child.stdout.on('data', record);
  child.stderr.on('data', record);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const readOutput = () => {
    let text = output;
    try {
      text += readFileSync(errorLog, 'utf8');
    } catch {
      // No log file (logging to stderr, or nginx stopped before opening it).
    }
    return text;
  };
  try {
    await untilReady(`http://127.0.0.1:${port}`, exited, readOutput);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    // SIGTERM: nginx's fast shutdown, its open connections (live sockets) closed at once.
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill: () => child.kill('SIGKILL'),
  };
}

/**
 * deploy/nginx/mingle.conf for this machine: the upstream's `server` lines become one per process (keeping their
 * parameters), `listen 80;` the loopback port, the access log a file of ours. Throws when the template no longer has
 * those lines, so an edit that would make the tests run another configuration than the shipped one is noticed.
 */
export function renderSite(template, { port, memberPorts, accessLog }) {
  const upstreamServer = /^( *)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n/gm;
  const servers = [...template.matchAll(upstreamServer)];
  if (!servers.length) throw new Error('deploy/nginx/mingle.conf: no `server 127.0.0.1:<port> ...;` line in the upstream');
  const [first] = servers;
  const lines = memberPorts.map((memberPort) => `${first[1]}server 127.0.0.1:${memberPort}${first[2] ?? ''};\n`).join('');
  let site = template.replace(upstreamServer, (line, indent, parameters, offset) => (offset === first.index ? lines : ''));
  site = replaceOnce(site, /^( *)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  site = replaceOnce(site, /^( *)access_log \S+ mingle;$/m, `$1access_log ${accessLog} mingle;`);
  return site;
}

function replaceOnce(text, pattern, replacement) {
  if (!pattern.test(text)) throw new Error(`deploy/nginx/mingle.conf: no line matches ${pattern}`);
  return text.replace(pattern, replacement);
}

/** Ports free on the loopback now, each from the system (several at once, so they differ). */
async function freePorts(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
