import { createAuthClient } from 'better-auth/client';
import { twoFactorClient } from 'better-auth/client/plugins';

/**
 * Better Auth's browser client for its endpoints under /api/auth (sign-in, social sign-in, two-factor, password
 * change and reset). The signed-in state itself is `GET /api/me` through TanStack Query (lib/auth.ts): after a call
 * here changes the session, invalidate that query. Imported by the auth and profile pages only, so the landing page
 * never downloads it.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [twoFactorClient()],
  fetchOptions: { credentials: 'include' },
});

/** What Better Auth answers on failure; `status` 0 when the server could not be reached. */
export interface AuthClientError {
  status: number;
  code?: string;
  message?: string;
}
