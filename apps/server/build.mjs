// Compiles the server for production (decision 0135): apps/server/src/main.ts and the shared package's TypeScript,
// bundled by esbuild into apps/server/dist/main.js, run with plain `node` (`npm start`). Packages from node_modules
// stay imports, resolved at run time as in development. Beside the bundle: the SQL migrations and the SVG
// rasterizer's child script, which the server finds next to its own file. `npm start`, deploy/cluster.mjs, the
// browser tests' server and the benchmarks run the bundle with `serverEnvironment` (the Dockerfile sets the same
// variable); the API tests' own spawned servers go without it, their sign-ins only slower.
//   node apps/server/build.mjs        (or `npm run build -w @mingle/server`; `npm start` runs it every time)
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
export const serverDist = path.join(here, 'dist');
export const serverEntry = path.join(serverDist, 'main.js');

/**
 * glibc's allocator settings the server runs with (decision 0197). Password hashing (Better Auth's scrypt through
 * node:crypto) takes a 32 MiB scratch buffer for every hash, above glibc's mmap threshold: each one was mapped afresh
 * and faulted in 4 KiB page by page, 8,192 page faults a hash: 160 to 180 ms a hash on this kind of machine, some
 * 110 ms of it in those faults. `hugetlb=1` has glibc ask the kernel for transparent huge pages on such mappings
 * (madvise): a few dozen to some 550 faults, 85 ms a hash, nothing kept between hashes. Where the kernel has
 * transparent huge pages off, or the C library is not glibc (musl ignores the variable), hashing runs as before.
 */
export const MALLOC_TUNABLES = 'glibc.malloc.hugetlb=1';

/** `env` as the server should get it: with MALLOC_TUNABLES, the caller's own tunables after them (the last one wins). */
export function serverEnvironment(env) {
  return { ...env, GLIBC_TUNABLES: env.GLIBC_TUNABLES ? `${MALLOC_TUNABLES}:${env.GLIBC_TUNABLES}` : MALLOC_TUNABLES };
}

/**
 * Builds apps/server/dist from the sources. Each file is written beside its place and renamed over it, never emptied
 * first: `npm test` builds in two lanes at once (the API tests' setup, the browser tests' server), and a server
 * running from the folder may start its rasterizer script or read a migration while another build writes.
 */
export async function buildServer() {
  const result = await build({
    entryPoints: [path.join(here, 'src/main.ts')],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // The emails are React components (.tsx): the automatic runtime imports react/jsx-runtime, which stays an import.
    jsx: 'automatic',
    sourcemap: 'linked', // for NODE_OPTIONS=--enable-source-maps when a stack trace should name the .ts lines
    logLevel: 'warning',
    write: false,
    plugins: [
      {
        // Our workspace packages (TypeScript sources) go into the bundle; every other package stays an import.
        name: 'packages-stay-imports',
        setup(context) {
          context.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@mingle/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  for (const file of result.outputFiles) replaceFile(file.path, file.contents);
  copyInto(path.join(here, 'src/platform/db/migrations'), path.join(serverDist, 'migrations'));
  replaceFile(path.join(serverDist, 'svg-render-child.mjs'), readFileSync(path.join(here, 'src/platform/storage/svg-render-child.mjs')));
}

function replaceFile(file, contents) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

function copyInto(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyInto(source, path.join(to, entry.name));
    else replaceFile(path.join(to, entry.name), readFileSync(source));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`Server built: ${path.relative(process.cwd(), serverEntry)} (${Date.now() - started} ms)`);
}
