/**
 * Registers the service worker (sw.js, built by vite-plugin-pwa: decision 0185), with workbox-window loaded only
 * then, so the pages people arrive on carry none of it. main.tsx calls it once the first page has settled
 * (app/first-page-settled.ts): installing, the worker precaches the whole app. A new worker takes over at once
 * (skipWaiting): the precached shell is replaced with the next visit's.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('workbox-window')
    .then(({ Workbox }) => new Workbox('/sw.js').register())
    // A browser that refuses workers (a policy, some private modes) keeps the app, online only.
    .catch(() => undefined);
}
