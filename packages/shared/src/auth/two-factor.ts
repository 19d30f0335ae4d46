import { msg } from '../core/messages.ts';
// The rule of an authenticator app's code, for two-factor set-up (profile) and sign-in (/auth). Better Auth checks
// the code itself; this only spares a round trip for what cannot be a code. No zod here: /auth's first paint loads it.
export const TOTP_CODE_MESSAGE = msg('Please enter a valid 6-digit code');

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}
