import type { AuthClientError } from '@/lib/auth-client';

const NETWORK_MESSAGE = "Can't reach Mingle right now. Check your connection and try again.";

/** A readable message for a Better Auth failure, with `fallback` when the server gave none. */
export function authErrorMessage(error: AuthClientError | null | undefined, fallback: string): string {
  if (!error) return fallback;
  if (error.status === 0) return NETWORK_MESSAGE;
  if (error.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  return error.message?.trim() || fallback;
}
