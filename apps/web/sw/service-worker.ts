// Teplo's service worker: the app shell from a cache named after the build, an offline page when a page cannot
// be loaded, and the web push notifications. Built by sw/vite-plugin.ts into /sw.js (a classic script) with the
// two constants below filled in; it imports nothing.
// A module for the type checker only (so `self` can be typed); the plugin drops the export.
export {}

declare const self: ServiceWorkerGlobalScope
/** Changes with every build that changes a file. */
declare const TEPLO_BUILD: string
/** Every screen's scripts and styles (all of the build's assets), the offline page, the manifest and the icons. */
declare const TEPLO_PRECACHE: string[]

const CACHE_PREFIX = 'teplo-shell-'
const CACHE = `${CACHE_PREFIX}${TEPLO_BUILD}`
const OFFLINE_PAGE = '/offline.html'
const ICON = '/icons/icon-192.png'
const BADGE = '/icons/badge-96.png'

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // The HTTP cache answers: hashed files are immutable, the others are revalidated (no-cache), so the
      // shell the page has just loaded is not downloaded a second time.
      .then((cache) => cache.addAll(TEPLO_PRECACHE))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

/** What only the server can answer: the API, uploaded pictures, the health check. Never cached here. */
function isServerAnswer(url: URL): boolean {
  return (
    url.pathname === '/api' ||
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/uploads/') ||
    url.pathname === '/health'
  )
}

/** Hashed build files never change under their name: cache first, kept until the next build. */
async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE)
  const cached = await cache.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok) await cache.put(request, response.clone())
  return response
}

/** Pages always come from the server (the newest build); without a connection, the offline page. */
async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request)
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE })
    if (offline) return offline
    throw error
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || isServerAnswer(url)) return
  if (request.mode === 'navigate') {
    event.respondWith(page(request))
    return
  }
  if (url.pathname.startsWith('/assets/') || TEPLO_PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request))
  }
})

type PushMessage = { title?: unknown; body?: unknown; url?: unknown; tag?: unknown }

function readMessage(data: PushMessageData | null): PushMessage {
  if (!data) return {}
  try {
    const parsed: unknown = data.json()
    return typeof parsed === 'object' && parsed !== null ? (parsed as PushMessage) : {}
  } catch {
    return { body: data.text() }
  }
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback)

/** Only a page of this app opens from a notification. */
function appUrl(value: unknown): string {
  try {
    const url = new URL(text(value, '/'), self.location.origin)
    return url.origin === self.location.origin ? url.href : self.location.origin
  } catch {
    return self.location.origin
  }
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data)
  const tag = text(message.tag, '')
  event.waitUntil(
    self.registration.showNotification(text(message.title, 'Тепло'), {
      body: text(message.body, ''),
      icon: ICON,
      badge: BADGE,
      lang: 'uk',
      ...(tag ? { tag } : {}),
      data: { url: appUrl(message.url) },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = appUrl((event.notification.data as { url?: unknown } | null)?.url)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const same = windows.find((client) => client.url === target)
      if (same) return same.focus()
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
      if (open) {
        const moved = await open.navigate(target).catch(() => null)
        if (moved) return moved.focus()
      }
      return self.clients.openWindow(target)
    })(),
  )
})
