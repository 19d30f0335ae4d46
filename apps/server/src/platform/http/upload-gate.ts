import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env.ts';
import { errorBody } from './errors.ts';

export interface UploadGateOptions {
  /** The largest body accepted, in bytes (the file's limit plus the multipart envelope). */
  maxBytes: number;
  /** The 413 message. */
  sizeMessage: string;
  /**
   * The caller's right to upload here, checked before a byte of the body is read: throws the route's 401/403/404
   * (an HttpError), exactly as the service would.
   */
  authorize: (c: Context<AppEnv>) => Promise<unknown>;
}

/**
 * The front door of every upload route, in this order: a declared `Content-Length` above the limit is a 413 at
 * once; then the caller's right to upload is checked; only then is the body read, and a body without a length
 * (chunked) is cut off with a 413 as soon as it passes the limit (hono's bodyLimit). So a caller without the right
 * never gets the server to read, buffer or parse a byte of what they send.
 */
export function uploadGate(options: UploadGateOptions): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context<AppEnv>) => c.json(errorBody('payload_too_large', options.sizeMessage), 413);
  const limit = bodyLimit({ maxSize: options.maxBytes, onError: tooLarge });
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > options.maxBytes) return tooLarge(c);
    await options.authorize(c);
    return limit(c, next);
  };
}
