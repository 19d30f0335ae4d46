/**
 * What the device keeps for the offline pages (decision 0185): the service worker's cache of API answers, the time
 * of the last answer from the server, and whose they are. Nothing of one person is left for the next: signing out
 * clears it, and so does another account signing in on this device.
 */

/** The service worker's cache of API reads (pwa.config.ts). */
export const API_CACHE = 'mingle-api';

/** The bookmarks and check-ins waiting on the device (lib/offline-writes.ts). */
export const QUEUED_WRITES_KEY = 'mingle:queued-writes';
/** Every queue of writes kept on the device for its signed-in user: those and the volunteers' scans. */
export const QUEUE_KEYS = [QUEUED_WRITES_KEY, 'mingle:queued-goodie-scans'] as const;

/** The last QR token made, shown with no network (areas/profiles/offline-qr-token.ts). */
export const QR_TOKEN_KEY = 'mingle:qr-token';

const LAST_SYNCED_KEY = 'mingle:last-synced';
const OWNER_KEY = 'mingle:offline-owner';
const SYNCED_EVENT = 'mingle:synced';

/**
 * The later of two HTTP Date values. An answer the service worker gives from its cache carries the Date of when the
 * server sent it, so the last sync is the latest Date seen, whichever way the answer came.
 */
export function laterDate(current: string | null, date: string | null): string | null {
  const time = date ? Date.parse(date) : Number.NaN;
  if (Number.isNaN(time)) return current;
  if (current && Date.parse(current) >= time) return current;
  return new Date(time).toISOString();
}

/** Notes an API answer's Date header (lib/api.ts calls it for every successful read). */
export function noteAnswer(date: string | null) {
  try {
    const current = localStorage.getItem(LAST_SYNCED_KEY);
    const later = laterDate(current, date);
    if (later && later !== current) {
      localStorage.setItem(LAST_SYNCED_KEY, later);
      window.dispatchEvent(new Event(SYNCED_EVENT));
    }
  } catch {
    // No storage (a private window's quota): the mark then shows no time.
  }
}

export function lastSynced(): string | null {
  try {
    return localStorage.getItem(LAST_SYNCED_KEY);
  } catch {
    return null;
  }
}

export function onSynced(listener: () => void): () => void {
  window.addEventListener(SYNCED_EVENT, listener);
  return () => window.removeEventListener(SYNCED_EVENT, listener);
}

/** Forgets everything kept for offline use: the cached API answers, the queued writes and the sync time. */
export async function clearOfflineData() {
  for (const key of [LAST_SYNCED_KEY, OWNER_KEY, QR_TOKEN_KEY, ...QUEUE_KEYS]) localStorage.removeItem(key);
  if ('caches' in window) await caches.delete(API_CACHE);
}

/** Makes the kept data this user's: another account's is cleared first. Answers whether anything was cleared. */
export async function claimOfflineData(userId: string): Promise<boolean> {
  const owner = localStorage.getItem(OWNER_KEY);
  if (owner === userId) return false;
  if (owner) await clearOfflineData();
  localStorage.setItem(OWNER_KEY, userId);
  return owner !== null;
}
