import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../platform/db/sql.ts';

// A printed badge must be scanned at the door and the goodie desk for the whole event, while the personal QR in the
// app expires within a day and is stored only as its hash. So a badge carries its own code: the person in clear and an
// HMAC of event and person under the auth secret, `mb1.<userId>.<mac>`. Nobody without the secret can make one, a
// badge of one event is worth nothing at another, and a reprint prints the very same code (no list of codes to keep).
// Offline, a door phone knows a badge by the SHA-256 of its code (the roster carries it, never the code itself).

const PREFIX = 'mb1';

const mac = (secret: string, eventId: string, userId: string) =>
  createHmac('sha256', secret).update(`badge:${eventId}:${userId}`).digest().subarray(0, 16).toString('base64url');

/** The code a badge for `userId` at `eventId` carries in its QR. */
export function badgeToken(secret: string, eventId: string, userId: string): string {
  return `${PREFIX}.${userId}.${mac(secret, eventId, userId)}`;
}

/** Whether a scanned text has the form of a badge code (else it is a personal QR token). */
export const looksLikeBadgeToken = (token: string) => token.startsWith(`${PREFIX}.`);

/** The person of a badge code this server made for this event; null for anything else (forged, altered, other event). */
export function readBadgeToken(secret: string, eventId: string, token: string): string | null {
  const [prefix, userId, given, ...rest] = token.split('.');
  if (prefix !== PREFIX || rest.length > 0 || !userId || !given || !isUuid(userId)) return null;
  const expected = Buffer.from(mac(secret, eventId, userId));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return userId;
}

/** SHA-256 (hex) of a scanned code: how the personal QR is stored and how the offline roster names both codes. */
export const scanCodeHash = (token: string) => createHash('sha256').update(token).digest('hex');
