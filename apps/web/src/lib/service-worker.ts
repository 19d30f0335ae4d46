/**
 * Registers the service worker (sw.js, built by vite-plugin-pwa: decision 0185) once the first page has drawn, with
 * workbox-window loaded only then, so the pages people arrive on carry none of it. A new worker takes over at once
 * (skipWaiting): the precached shell is replaced with the next visit's.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('workbox-window')
      .then(({ Workbox }) => new Workbox('/sw.js').register())
      // A browser that refuses workers (a policy, some private modes) keeps the app, online only.
      .catch(() => undefined);
  if (document.readyState === 'complete') setTimeout(register, 0);
  else window.addEventListener('load', register, { once: true });
}
