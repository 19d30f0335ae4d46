import { OpenAPIHono } from '@hono/zod-openapi';
import type { Caller } from '../auth/caller.ts';
import type { AppContext } from '../../context.ts';
import { validationHook } from './validation.ts';

/** Hono's typed environment: the session middleware puts the caller (or null) on every request. */
export interface AppEnv {
  Variables: {
    caller: Caller | null;
    ctx: AppContext;
    /** This request's id, in its log lines and the X-Request-Id answer header (platform/observability). */
    requestId: string;
  };
}

/** A router for one feature; its validation failures answer with the first schema message. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
