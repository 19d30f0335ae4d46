import type { Context } from 'hono';
import type { PlatformRole } from '@mingle/shared/core/constants';
import type { AppEnv } from '../http/env.ts';
import { forbidden, unauthenticated } from '../http/errors.ts';
import { API_KEY_ACCOUNT_MESSAGE } from './api-key.ts';
import type { Caller, SessionCaller } from './caller.ts';
import { msg } from '@mingle/shared/core/messages';

/** The signed-in caller, or a 401. */
export function requireCaller(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw unauthenticated();
  return caller;
}

/** The signed-in caller holding one of the roles, or a 401/403. */
export function requireRole(c: Context<AppEnv>, ...roles: PlatformRole[]): Caller {
  const caller = requireCaller(c);
  if (!roles.some((role) => caller.roles.includes(role))) throw forbidden(msg("You don't have permission to access this page"));
  return caller;
}

/** The caller signed in with a session, not an API key: account settings (sessions, keys) need the person. */
export function requireSession(c: Context<AppEnv>): SessionCaller {
  const caller = requireCaller(c);
  if (caller.sessionId === null || caller.apiKey) throw forbidden(API_KEY_ACCOUNT_MESSAGE);
  return caller as SessionCaller;
}
