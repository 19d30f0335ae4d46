import type { AuthClientError } from '@/lib/auth-client';
import { i18n, msg } from '@/lib/i18n';
import { translateMessage } from '@/lib/messages';

const NETWORK_MESSAGE = msg("Can't reach Mingle right now. Check your connection and try again.");

/** A readable message for a Better Auth failure, with `fallback` when the server gave none. */
export function authErrorMessage(error: AuthClientError | null | undefined, fallback: string): string {
  if (!error) return fallback;
  if (error.status === 0) return i18n.t(NETWORK_MESSAGE);
  if (error.status === 429) return i18n.t('Too many attempts. Please wait a minute and try again.');
  // Better Auth's own English (shared BETTER_AUTH_MESSAGES) or ours, in the reader's language once the messages have
  // loaded (lib/messages.ts preloads them after the first page).
  const message = error.message?.trim();
  return message ? translateMessage(message) : fallback;
}
