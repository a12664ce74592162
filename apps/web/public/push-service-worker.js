// Prumo's push service worker: shows each notification and, on a click, opens the Prumo page it
// names. Only paths of this origin are opened; anything else opens the start page.

/** A path of this origin, or '/'. */
function readSameOriginUrl(value) {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return new URL('/', self.location.origin).href;
  }
  const url = new URL(value, self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Prumo';
  const body = typeof message.body === 'string' ? message.body : '';
  event.waitUntil(
    self.registration.showNotification(title, { body, data: { url: readSameOriginUrl(message.url) }, lang: 'pt-BR' }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = readSameOriginUrl(event.notification.data?.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          return client.navigate(target).then((navigated) => (navigated || client).focus());
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
