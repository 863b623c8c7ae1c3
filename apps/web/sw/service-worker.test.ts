import { readFileSync } from 'node:fs'
import { transformWithOxc } from 'vite'
import { beforeAll, describe, expect, it, vi } from 'vitest'

// The service worker's code run against a fake ServiceWorkerGlobalScope: what each event does.
const ORIGIN = 'https://teplo.example.com'
const BUILD = 'abc123def456'
const PRECACHE = ['/offline.html', '/assets/index-1.js']

let workerCode = ''
beforeAll(async () => {
  const path = `${import.meta.dirname}/service-worker.ts`
  const { code } = await transformWithOxc(readFileSync(path, 'utf8'), path, { lang: 'ts' })
  workerCode = code.replace(/^export\s*\{\s*\};?\s*$/m, '')
})

type Listener = (event: Record<string, unknown>) => void
type WindowClient = { url: string; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> }

function startWorker(options: { windows?: WindowClient[]; network?: (url: string) => Response } = {}) {
  const listeners = new Map<string, Listener>()
  const stores = new Map<string, Map<string, Response>>()
  const keyOf = (request: Request | string) =>
    new URL(typeof request === 'string' ? request : request.url, ORIGIN).href
  const network = vi.fn(async (request: Request | string) => {
    const url = keyOf(request)
    if (!options.network) throw new TypeError('Failed to fetch')
    return options.network(url)
  })
  const openCache = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>()
    stores.set(name, store)
    return {
      addAll: async (urls: string[]) => {
        for (const url of urls) store.set(keyOf(url), await network(url))
      },
      match: async (request: Request | string) => store.get(keyOf(request))?.clone(),
      put: async (request: Request | string, response: Response) => {
        store.set(keyOf(request), response)
      },
    }
  }
  const caches = {
    open: async (name: string) => openCache(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (request: string, { cacheName }: { cacheName: string }) =>
      stores.get(cacheName)?.get(keyOf(request))?.clone(),
  }
  const shown: { title: string; options: Record<string, unknown> }[] = []
  const clients = {
    claim: vi.fn(async () => undefined),
    matchAll: vi.fn(async () => options.windows ?? []),
    openWindow: vi.fn(async (url: string) => ({ url })),
  }
  const self = {
    location: new URL(ORIGIN),
    clients,
    skipWaiting: vi.fn(async () => undefined),
    registration: {
      showNotification: vi.fn(async (title: string, notification: Record<string, unknown>) => {
        shown.push({ title, options: notification })
      }),
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  }
  const header = `const TEPLO_BUILD = ${JSON.stringify(BUILD)}; const TEPLO_PRECACHE = ${JSON.stringify(PRECACHE)};`
  new Function('self', 'caches', 'fetch', `${header}\n${workerCode}`)(self, caches, network)

  async function dispatch(type: string, fields: Record<string, unknown> = {}) {
    const pending: Promise<unknown>[] = []
    let response: Promise<Response> | undefined
    const event = {
      ...fields,
      waitUntil: (work: Promise<unknown>) => pending.push(work),
      respondWith: (answer: Promise<Response>) => {
        response = answer
      },
    }
    listeners.get(type)?.(event)
    await Promise.all(pending)
    return response
  }
  return { dispatch, stores, network, shown, clients, self }
}

const request = (path: string, mode: RequestMode = 'no-cors', method = 'GET') =>
  ({ url: `${ORIGIN}${path}`, mode, method }) as Request

describe('the service worker', () => {
  it('caches the shell under the build name on install and deletes other builds on activate', async () => {
    const worker = startWorker({ network: (url) => new Response(`body of ${url}`) })
    worker.stores.set('teplo-shell-oldbuild', new Map())
    worker.stores.set('someone-else', new Map())
    await worker.dispatch('install')
    expect([...(worker.stores.get(`teplo-shell-${BUILD}`)?.keys() ?? [])]).toEqual(
      PRECACHE.map((path) => `${ORIGIN}${path}`),
    )
    expect(worker.self.skipWaiting).toHaveBeenCalled()
    await worker.dispatch('activate')
    expect([...worker.stores.keys()].sort()).toEqual(['someone-else', `teplo-shell-${BUILD}`])
    expect(worker.clients.claim).toHaveBeenCalled()
  })

  it('never answers the API, uploads or other methods from the cache', async () => {
    const worker = startWorker()
    for (const path of ['/api/v2/items', '/api/v2/live?item_id=1', '/uploads/x.png', '/health']) {
      expect(await worker.dispatch('fetch', { request: request(path) })).toBeUndefined()
    }
    expect(
      await worker.dispatch('fetch', { request: request('/assets/a.js', 'no-cors', 'POST') }),
    ).toBeUndefined()
    expect(
      await worker.dispatch('fetch', {
        request: { url: 'https://cdn.example.net/x.js', mode: 'no-cors', method: 'GET' },
      }),
    ).toBeUndefined()
  })

  it('shows the offline page when a page cannot be loaded', async () => {
    const worker = startWorker({ network: () => new Response('<h1>Немає з’єднання</h1>') })
    await worker.dispatch('install')
    const offline = startWorker()
    offline.stores.set(`teplo-shell-${BUILD}`, worker.stores.get(`teplo-shell-${BUILD}`)!)
    const answer = await offline.dispatch('fetch', { request: request('/dashboards', 'navigate') })
    expect(await (await answer)?.text()).toContain('Немає з’єднання')
  })

  it('keeps a build file after its first load and answers it without the network', async () => {
    const worker = startWorker({ network: () => new Response('chunk') })
    const first = await worker.dispatch('fetch', { request: request('/assets/history-9.js') })
    expect(await (await first)?.text()).toBe('chunk')
    const calls = worker.network.mock.calls.length
    const second = await worker.dispatch('fetch', { request: request('/assets/history-9.js') })
    expect(await (await second)?.text()).toBe('chunk')
    expect(worker.network.mock.calls.length).toBe(calls)
  })

  it("shows a push message with its title, text, icon, tag and link; only this app's links", async () => {
    const worker = startWorker()
    const message = { title: 'Котел: E1', body: 'Перегрів', url: '/dashboards?item=3', tag: 'alarm-3' }
    await worker.dispatch('push', { data: { json: () => message, text: () => JSON.stringify(message) } })
    expect(worker.shown).toEqual([
      {
        title: 'Котел: E1',
        options: {
          body: 'Перегрів',
          icon: '/icons/icon-192.png',
          badge: '/icons/badge-96.png',
          lang: 'uk',
          tag: 'alarm-3',
          data: { url: `${ORIGIN}/dashboards?item=3` },
        },
      },
    ])
    const foreign = { title: 'x', body: 'y', url: 'https://evil.example/phish', tag: '' }
    await worker.dispatch('push', { data: { json: () => foreign, text: () => '' } })
    expect(worker.shown[1]?.options.data).toEqual({ url: ORIGIN })
    expect(worker.shown[1]?.options).not.toHaveProperty('tag')
    await worker.dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON')
        },
        text: () => 'plain text',
      },
    })
    expect(worker.shown[2]).toMatchObject({ title: 'Тепло', options: { body: 'plain text' } })
  })

  it('on a tap focuses the window at the link, else moves an open window there, else opens one', async () => {
    const target = `${ORIGIN}/dashboards?item=3`
    const close = vi.fn()
    const tap = { notification: { close, data: { url: target } } }

    const there: WindowClient = { url: target, focus: vi.fn(), navigate: vi.fn() }
    await startWorker({ windows: [there] }).dispatch('notificationclick', tap)
    expect(close).toHaveBeenCalled()
    expect(there.focus).toHaveBeenCalled()

    const moved: WindowClient = { url: target, focus: vi.fn(), navigate: vi.fn() }
    const elsewhere: WindowClient = {
      url: `${ORIGIN}/account/settings`,
      focus: vi.fn(),
      navigate: vi.fn(async () => moved),
    }
    await startWorker({ windows: [elsewhere] }).dispatch('notificationclick', tap)
    expect(elsewhere.navigate).toHaveBeenCalledWith(target)
    expect(moved.focus).toHaveBeenCalled()

    const none = startWorker({ windows: [] })
    await none.dispatch('notificationclick', tap)
    expect(none.clients.openWindow).toHaveBeenCalledWith(target)
  })
})
