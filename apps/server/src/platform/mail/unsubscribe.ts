import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@mingle/shared/core/constants';
import { isUuid } from '../db/sql.ts';

// A one-click unsubscribe link must act without a session (a mail client POSTs it, RFC 8058), so the link itself is
// the proof: the person and the kind in clear, and an HMAC of both under the auth secret. Nobody without the secret
// can make one for someone else, and a link switches off only the kind it was sent for.

const mac = (secret: string, userId: string, kind: NotificationKind) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');

/** `<userId>.<kind>.<hmac>`: what the unsubscribe URL of an email of `kind` to `userId` carries. */
export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  return `${userId}.${kind}.${mac(secret, userId, kind)}`;
}

/** The unsubscribe URL of an email of `kind` to `userId`. */
export function unsubscribeUrl(config: { publicUrl: string; authSecret: string }, userId: string, kind: NotificationKind): string {
  return `${config.publicUrl}/api/unsubscribe/${unsubscribeToken(config.authSecret, userId, kind)}`;
}

/** The person and kind of a token this server made; null for anything else (forged, altered, malformed). */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: NotificationKind } | null {
  const [userId, kind, given, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !kind || !given || !isUuid(userId)) return null;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const expected = Buffer.from(mac(secret, userId, kind as NotificationKind));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId, kind: kind as NotificationKind };
}
