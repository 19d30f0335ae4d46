import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ApiKeyAccess } from '@mingle/shared/api-keys/inputs';
import type { PlatformRole } from '@mingle/shared/core/constants';
import { userRoles } from '../db/schema/auth.ts';

/** The API key a request came with, and the scope that narrows its owner's rights (decision 0170). */
export interface ApiKeyScope {
  id: string;
  access: ApiKeyAccess;
  /** The one event the key is limited to; null: every event of its owner's. */
  eventId: string | null;
}

/** The signed-in person behind a request, as every route and policy sees them. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  roles: PlatformRole[];
  /** The person's Better Auth session (cookie or bearer token); null when the request came with an API key. */
  sessionId: string | null;
  /** Set when the request came with an API key instead of a session. */
  apiKey?: ApiKeyScope;
}

/** A caller signed in with a session: who may manage the account's sessions and keys. */
export type SessionCaller = Caller & { sessionId: string; apiKey?: undefined };

/** SQL: the platform roles of the user whose id is `userId`, as one column of the statement that reads the caller. */
export const rolesColumn = (userId: AnyPgColumn) =>
  sql<PlatformRole[]>`array(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${userId})`;
