import type { PlatformRole } from '@mingle/shared/core/constants';

/** The signed-in person behind a request, as every route and policy sees them. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  roles: PlatformRole[];
  sessionId: string;
}
