// The offline page's service worker: every file of the site is kept on the first visit, and served from
// there afterwards, so the page works with the network off.  The list and the version are written by
// `bridgelaw page` (a new build, a new cache).  The worker keeps the started Python in a cache of its own,
// named after the same version (worker.js); every other build's caches are dropped.
const VERSION = "{{ version }}";
const FILES = {{ files_json }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== VERSION && !k.startsWith(VERSION + "-"))
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== location.origin) return;
  event.respondWith(caches.open(VERSION).then((cache) =>
    cache.match(event.request, { ignoreSearch: true }).then((hit) => hit || fetch(event.request))));
});
