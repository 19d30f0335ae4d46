import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { LIMITS } from '@mingle/shared/core/constants';
import { SVG_TOO_COMPLEX_MESSAGE, UPLOADS_BUSY_MESSAGE } from '@mingle/shared/events/inputs';
import { HttpError } from '../http/errors.ts';

/** How long a child may take to start and load sharp (seconds on a loaded host) before its render budget runs. */
const STARTUP_MS = 30_000;
const CHILD = fileURLToPath(new URL('./svg-render-child.mjs', import.meta.url));

/** One SVG renders at a time per server process; a few more may wait; beyond that the upload is refused at once. */
const renders = pLimit(LIMITS.svgRender.concurrency);

export class SvgRenderError extends Error {
  constructor(readonly reason: 'pixels' | 'invalid') {
    super(reason);
  }
}

/**
 * Rasterises an SVG to PNG (fitting maxDimension) in a child process at the lowest CPU priority, killed when it
 * runs past LIMITS.svgRender.ms: an SVG's filters (feGaussianBlur, feTurbulence, feMorphology...) can cost
 * minutes of CPU in librsvg, and in the server's own process that work would hold libuv's thread pool, where
 * password hashing (scrypt) waits its turn. sharp's own `timeout` is checked only between tiles, so it does not
 * stop a single long render; a killed process does. Throws HttpError 422 (over budget), 503 (too many waiting),
 * or SvgRenderError (the caller maps it to its 413/415).
 */
export async function rasteriseSvg(input: Uint8Array, maxDimension: number): Promise<Buffer> {
  if (renders.pendingCount >= LIMITS.svgRender.queue) {
    throw new HttpError(503, 'uploads_busy', UPLOADS_BUSY_MESSAGE);
  }
  return renders(() => renderInChild(input, maxDimension));
}

function renderInChild(input: Uint8Array, maxDimension: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, String(maxDimension), String(LIMITS.imagePixels)], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', UV_THREADPOOL_SIZE: '1' },
    });
    try {
      if (child.pid) setPriority(child.pid, 19);
    } catch {
      // Not permitted here: the deadline still holds.
    }
    let killed = false;
    const kill = () => {
      killed = true;
      child.kill('SIGKILL');
    };
    // The render's budget runs from the child's `ready` (it has the SVG and sharp is loaded); starting up has a
    // generous bound of its own.
    let deadline = setTimeout(kill, STARTUP_MS);
    child.stderr.once('data', () => {
      clearTimeout(deadline);
      deadline = setTimeout(kill, LIMITS.svgRender.ms);
    });
    child.stderr.resume();
    const output: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // A PNG of maxDimension² pixels is far below this; more means something is wrong.
      if (size > 64 * 1024 * 1024) child.kill('SIGKILL');
      else output.push(chunk);
    });
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(deadline);
      if (killed) reject(new HttpError(422, 'image_too_complex', SVG_TOO_COMPLEX_MESSAGE));
      else if (code === 0) resolve(Buffer.concat(output));
      else reject(new SvgRenderError(code === 3 ? 'pixels' : 'invalid'));
    });
    child.stdin.end(input);
  });
}
