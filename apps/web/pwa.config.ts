import type { ManifestOptions, VitePWAOptions } from 'vite-plugin-pwa';
import { API_CACHE } from './src/lib/offline-data';

/** Installable: the name, the icons (apps/web/public, drawn from the logo's mark) and a standalone window. */
export const webManifest: Partial<ManifestOptions> = {
  name: 'Mingle',
  short_name: 'Mingle',
  description: 'Events that connect people: your schedule, agenda and QR code, even with no network.',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  theme_color: '#5b3fd9',
  background_color: '#ffffff',
  icons: [
    { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
    { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
    { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};


/**
 * The service worker Workbox writes. The app shell (index.html and every JS and CSS chunk, lazy pages and texts
 * included) is precached, so any page opens offline after one visit. Navigations still go to the server first (it
 * adds preview tags and preloads, and serves custom domains); only when it cannot be reached does the precached
 * index.html answer. API reads go to the network first and keep their last answer for when it is gone. The web
 * push handlers (public/push-worker.js) run in this same worker: a scope has one service worker.
 */
export const offlineWorker: Partial<VitePWAOptions['workbox']> = {
  globPatterns: ['**/*.{js,css,html}'],
  // The largest lazy chunks (charts, the QR scanner) are above Workbox's 2 MiB default.
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
  navigateFallback: null,
  importScripts: ['/push-worker.js'],
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  skipWaiting: true,
  runtimeCaching: [
    {
      urlPattern: ({ request }) => request.mode === 'navigate',
      handler: 'NetworkOnly',
      options: {
        plugins: [
          {
            // Offline, every page of the app is the precached shell; its router then draws the page.
            handlerDidError: async () => (await caches.match('/index.html', { ignoreSearch: true })) ?? Response.error(),
          },
        ],
      },
    },
    {
      // Same-origin API reads, but not the live socket (a WebSocket never reaches the worker) nor file downloads.
      urlPattern: ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/'),
      handler: 'NetworkFirst',
      options: {
        cacheName: API_CACHE,
        expiration: { maxEntries: 300, maxAgeSeconds: 14 * 24 * 60 * 60 },
        cacheableResponse: { statuses: [200] },
      },
    },
  ],
};
