import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { msg } from '@mingle/shared/core/messages';

/** Typed error codes the API answers with; the web maps them to the spec's toasts. */
export type ErrorCode =
  | 'validation_failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'code_invalid'
  | 'code_expired'
  | 'code_attempts_exhausted'
  | 'internal_error'
  | (string & {});

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

/** Thrown by services and routes; the app's error handler turns it into `{ error: { code, message } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ErrorCode = 'validation_failed') => new HttpError(400, code, message);
export const unauthenticated = (message: string = msg('Please sign in to continue')) => new HttpError(401, 'unauthenticated', message);
export const forbidden = (message: string = msg("You don't have permission to do this")) => new HttpError(403, 'forbidden', message);
export const notFound = (message: string = msg('Not found')) => new HttpError(404, 'not_found', message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new HttpError(409, code, message);
export const tooManyRequests = (message: string = msg('Too many requests. Please try again later.')) =>
  new HttpError(429, 'rate_limited', message);

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } };
}
