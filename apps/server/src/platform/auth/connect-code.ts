import { createHmac, timingSafeEqual } from 'node:crypto';

// The connect QR code (decision 0093). It encodes /connect/{userId}?token={code}, where the code is an HMAC under the
// server secret of the user's id and their current personal QR token's hash (profiles.qr_token_hash). So it is valid
// exactly while that personal token is: Regenerate (a new hash) or the 24-hour expiry ends it, it names one person,
// and it is not the personal token itself (a connect code does not open goodie distribution).

/** The connect code of a user whose current personal QR token has this hash. */
export function connectCode(secret: string, userId: string, qrTokenHash: string): string {
  return createHmac('sha256', secret).update(`mingle-connect\0${userId}\0${qrTokenHash}`).digest('base64url');
}

/** Whether `code` is the connect code of `userId` under their current token hash (null: no live token). */
export function isConnectCode(secret: string, userId: string, qrTokenHash: string | null, code: string | undefined): boolean {
  if (!code || !qrTokenHash) return false;
  const expected = Buffer.from(connectCode(secret, userId, qrTokenHash));
  const given = Buffer.from(code);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
