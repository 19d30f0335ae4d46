import type { QrTokenDto } from '@mingle/shared/profiles/contract';
import { ApiError } from '@/lib/api';
import { QR_TOKEN_KEY } from '@/lib/offline-data';
import { createQrToken } from './api';

/** A QR token as the dialog shows it: `stored` when it is the device's copy of the last one, shown with no network. */
export type ShownQrToken = QrTokenDto & { stored: boolean; expired: boolean };

type Kept = QrTokenDto & { userId: string };

function kept(userId: string): QrTokenDto | null {
  try {
    const value = JSON.parse(localStorage.getItem(QR_TOKEN_KEY) ?? 'null') as Kept | null;
    return value?.userId === userId ? { token: value.token, expiresAt: value.expiresAt, connectCode: value.connectCode } : null;
  } catch {
    return null;
  }
}

/**
 * A new QR token, kept on the device (for its user only; signing out clears it). With no network the last one kept
 * answers instead, so the code can still be shown at the door until it expires (decision 0185).
 */
export async function qrTokenOrKept(userId: string | undefined): Promise<ShownQrToken> {
  try {
    const created = await createQrToken();
    if (userId) localStorage.setItem(QR_TOKEN_KEY, JSON.stringify({ ...created, userId } satisfies Kept));
    return { ...created, stored: false, expired: false };
  } catch (error) {
    const last = userId && error instanceof ApiError && error.status === 0 ? kept(userId) : null;
    if (!last) throw error;
    return { ...last, stored: true, expired: Date.parse(last.expiresAt) <= Date.now() };
  }
}
