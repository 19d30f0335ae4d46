// Mingle's service worker, for web push (issue 19): shows what the server pushes (platform/push/pusher.ts sends
// { title, body, link, tag }) and opens its page when tapped. Plain JavaScript served from the site's root, so that
// its scope is the whole app. The app's service worker, sw.js (Workbox, apps/web/pwa.config.ts), imports it.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body || undefined,
      // One kind's notifications replace each other rather than pile up; renotify still buzzes for the new one.
      tag: message.tag,
      renotify: Boolean(message.tag),
      data: { link: message.link },
    }),
  );
});

/** A path of this app only: a pushed link never sends the reader elsewhere. */
function appUrl(link) {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? new URL(link, self.location.origin).href : self.location.origin + '/';
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data && event.notification.data.link);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return open.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
