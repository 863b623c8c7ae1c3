import { createECDH, randomBytes } from 'node:crypto'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { api, apiToken, useToken } from '../support/api-session'
import { serviceWorkerReady } from '../support/service-worker'

// The installable app against the real server: manifest, service worker, offline page and web push.

type Manifest = {
  name: string
  short_name: string
  lang: string
  display: string
  start_url: string
  scope: string
  theme_color: string
  background_color: string
  icons: { src: string; sizes: string; type: string; purpose: string }[]
}
type SubscriptionList = { data: { id: string; attributes: { endpoint: string } }[] }

/** A throwaway account, so its subscriptions touch nobody else. */
async function newAccount(request: APIRequestContext) {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
  const password = 'push-pass-1'
  const email = `e2e-push-${unique}@example.com`
  const response = await request.post('/api/v2/register', {
    data: { name: 'E2E push', email, password, password_confirmation: password },
  })
  expect(response.status(), await response.text()).toBe(200)
  return { email, password, token: ((await response.json()) as { access_token: string }).access_token }
}

/** PNG width and height from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

test('the manifest and the service worker are served and registered; the icons load', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Увійти', exact: true })).toBeVisible()
  expect(await serviceWorkerReady(page)).toBe(`${baseURL}/`)

  const sw = await request.get('/sw.js')
  expect(sw.status()).toBe(200)
  expect(sw.headers()['content-type']).toContain('javascript')
  expect(sw.headers()['cache-control']).toBe('no-cache')

  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  const manifestResponse = await request.get(href!)
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json')
  const manifest = (await manifestResponse.json()) as Manifest
  expect(manifest).toMatchObject({
    name: 'Teplo',
    short_name: 'Teplo',
    lang: 'uk',
    display: 'standalone',
    start_url: '/dashboards',
    scope: '/',
    theme_color: '#c2410c',
    background_color: '#fbf7f3',
  })
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ])
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src)
    expect(response.status(), icon.src).toBe(200)
    expect(response.headers()['content-type']).toBe('image/png')
    expect(pngSize(await response.body())).toBe(icon.sizes)
  }

  // The shell is cached under this build's name; the API never is.
  const cached = await page.evaluate(async () => {
    const names = await caches.keys()
    const urls = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat()
    return { names, paths: urls.map((request) => new URL(request.url).pathname) }
  })
  expect(cached.names).toHaveLength(1)
  expect(cached.names[0]).toMatch(/^teplo-shell-[0-9a-f]{12}$/)
  expect(cached.paths).toEqual(
    expect.arrayContaining(['/offline.html', '/manifest.webmanifest', '/icons/icon-192.png']),
  )
  expect(cached.paths.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true)
  expect(cached.paths.filter((path) => path.startsWith('/api/'))).toEqual([])
})

test('a page opened without a connection shows the offline page in Ukrainian, and reloads once back online', async ({
  page,
  context,
}) => {
  await page.goto('/login')
  await serviceWorkerReady(page)
  await context.setOffline(true)
  await page.goto('/dashboards').catch(() => undefined)
  await expect(page.getByRole('heading', { name: "Немає з'єднання з інтернетом" })).toBeVisible()
  await expect(page.getByText('стан котла зараз невідомий')).toBeVisible()
  expect(page.url()).toMatch(/\/dashboards$/)

  await expect(page.getByRole('button', { name: 'Спробувати ще раз' })).toBeVisible()

  // Back online, the page loads itself again (here: the sign-in form, as nobody is signed in).
  await context.setOffline(false)
  await expect(page.getByRole('button', { name: 'Увійти', exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
})

test("the installed app opens screens it has never shown without a connection: every screen's code is precached", async ({
  page,
  context,
  request,
}) => {
  await useToken(page, await apiToken(request, 'user'))
  await page.goto('/dashboards')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await serviceWorkerReady(page)

  // The worker's precache list names every file of the build's assets, and all of them are in its cache.
  const worker = await (await request.get('/sw.js')).text()
  const precache = JSON.parse(/const TEPLO_PRECACHE = (\[.*\]);/.exec(worker)![1]!) as string[]
  const assets = precache.filter((path) => path.startsWith('/assets/'))
  expect(assets.length).toBeGreaterThan(50)
  const cached = await page.evaluate(async () => {
    const cache = await caches.open((await caches.keys())[0]!)
    return (await cache.keys()).map((entry) => new URL(entry.url).pathname)
  })
  expect(cached).toEqual(expect.arrayContaining(assets))

  // Offline, the menu opens screens whose code this page never loaded: each shows itself and the lost
  // connection, not the chunk's load error.
  await context.setOffline(true)
  const menu = page.getByRole('navigation', { name: 'Головне меню' })
  for (const [link, path] of [
    ['Помилки пристроїв', /\/items\/errors$/],
    ['Сервісні налаштування', /\/service$/],
    ['Оновлення', /\/update$/],
  ] as const) {
    await menu.getByRole('link', { name: link }).click()
    await expect(page).toHaveURL(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText("Немає зв'язку з сервером").first()).toBeVisible()
    await expect(page.getByText('Не вдалося завантажити частину застосунку')).toHaveCount(0)
  }
  await page.getByRole('link', { name: 'Налаштування акаунта' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Не вдалося завантажити частину застосунку')).toHaveCount(0)
  await context.setOffline(false)
})

/**
 * A new account signed in on the account settings screen, notifications allowed for the site, the service
 * worker in control; `stubbed`: the browser's push service replaced (see stubBrowserPushService).
 */
async function openPushSettings(
  {
    page,
    context,
    request,
    baseURL,
  }: { page: Page; context: BrowserContext; request: APIRequestContext; baseURL?: string },
  stubbed: boolean,
) {
  const account = await newAccount(request)
  await useToken(page, account.token)
  await context.grantPermissions(['notifications'], { origin: baseURL! })
  const subscription = stubbed ? await stubBrowserPushService(context) : undefined
  await page.goto('/account/settings')
  await serviceWorkerReady(page)
  const section = page.getByRole('region', { name: 'Сповіщення на цьому пристрої' })
  return { account, subscription, section }
}

test("subscribing in account settings: the screen reports exactly what this browser's push service answered", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { account, section } = await openPushSettings({ page, context, request, baseURL }, false)
  const token = account.token
  await section.getByRole('button', { name: 'Увімкнути сповіщення' }).click()

  const subscribed = section.getByText('Цей пристрій отримує сповіщення.')
  const refused = section.getByRole('alert')
  await expect(subscribed.or(refused)).toBeVisible({ timeout: 20_000 })
  const browserEndpoint = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.pushManager.getSubscription())?.endpoint ?? null
  })
  const stored = await api<SubscriptionList>(request, token, 'GET', 'me/push-subscriptions')
  if (await subscribed.isVisible()) {
    // A Chromium with a push service (Google's, with its keys): the server holds the browser's subscription.
    expect(stored.data.map((row) => row.attributes.endpoint)).toEqual([browserEndpoint])
  } else {
    // Debian's headless Chromium has no push service: it refuses with AbortError, and the screen says so.
    test.info().annotations.push({ type: 'push service', description: (await refused.textContent()) ?? '' })
    await expect(refused).toContainText('Браузер не зміг оформити підписку на сповіщення')
    await expect(refused).toContainText('AbortError')
    expect(browserEndpoint).toBeNull()
    expect(stored.data).toEqual([])
  }
})

/**
 * Stands in for the browser's push service only: `PushManager.prototype.subscribe` answers a subscription with
 * a real P-256 key, as a browser with a push service would. Everything after it (the app, the server) is real.
 */
async function stubBrowserPushService(context: BrowserContext) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const subscription = {
    endpoint: `https://push.example.net/send/${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  }
  await context.addInitScript((json) => {
    let current: PushSubscription | null = null
    const make = (): PushSubscription =>
      ({
        endpoint: json.endpoint,
        expirationTime: null,
        toJSON: () => json,
        unsubscribe: async () => {
          current = null
          return true
        },
      }) as unknown as PushSubscription
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      ;(window as unknown as { lastPushOptions: unknown }).lastPushOptions = {
        userVisibleOnly: options?.userVisibleOnly,
        keyLength: (options?.applicationServerKey as Uint8Array | undefined)?.byteLength,
      }
      current = make()
      return current
    }
    PushManager.prototype.getSubscription = async () => current
  }, subscription)
  return subscription
}

test('a push subscription is created from account settings and removed again (browser push service stubbed)', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { account, section, subscription } = await openPushSettings({ page, context, request, baseURL }, true)
  const token = account.token

  await section.getByRole('button', { name: 'Увімкнути сповіщення' }).click()
  await expect(section.getByText('Цей пристрій отримує сповіщення.')).toBeVisible()
  expect(
    await page.evaluate(() => (window as unknown as { lastPushOptions: unknown }).lastPushOptions),
  ).toEqual({
    userVisibleOnly: true,
    keyLength: 65,
  })
  const stored = await api<SubscriptionList>(request, token, 'GET', 'me/push-subscriptions')
  expect(stored.data.map((row) => row.attributes.endpoint)).toEqual([subscription?.endpoint])

  await section.getByRole('button', { name: 'Вимкнути на цьому пристрої' }).click()
  await expect(section.getByText('На цьому пристрої сповіщення вимкнено.')).toBeVisible()
  expect((await api<SubscriptionList>(request, token, 'GET', 'me/push-subscriptions')).data).toEqual([])
})

test('a push message reaching the service worker is shown as a notification with its text, tag and link', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! })
  await page.goto('/login')
  await serviceWorkerReady(page)
  const cdp = await context.newCDPSession(page)
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations))
  await cdp.send('ServiceWorker.enable')
  await expect
    .poll(() => registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted))
    .toBeTruthy()
  const registration = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted)!

  const message = {
    title: 'Котел «Дача»: помилка E1',
    body: 'Перегрів котла. Перевірте насос.',
    url: '/dashboards?item=3',
    tag: 'alarm-3-e1',
  }
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId: registration.registrationId,
    data: JSON.stringify(message),
  })
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const shown = await (await navigator.serviceWorker.ready).getNotifications()
        return shown.map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: n.icon,
          data: n.data as unknown,
        }))
      }),
    )
    .toEqual([
      {
        title: message.title,
        body: message.body,
        tag: message.tag,
        icon: `${baseURL}/icons/icon-192.png`,
        data: { url: `${baseURL}/dashboards?item=3` },
      },
    ])
})

test("signing out ends this device's push subscription on the server and in the browser (push service stubbed)", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { account, section, subscription } = await openPushSettings({ page, context, request, baseURL }, true)
  await section.getByRole('button', { name: 'Увімкнути сповіщення' }).click()
  await expect(section.getByText('Цей пристрій отримує сповіщення.')).toBeVisible()
  const before = await api<SubscriptionList>(request, account.token, 'GET', 'me/push-subscriptions')
  expect(before.data.map((row) => row.attributes.endpoint)).toEqual([subscription?.endpoint])

  await page.getByRole('button', { name: 'Вихід' }).click()
  await expect(page).toHaveURL(/\/login$/)
  const login = await request.post('/api/v2/login', {
    data: { email: account.email, password: account.password },
  })
  const token = ((await login.json()) as { access_token: string }).access_token
  expect((await api<SubscriptionList>(request, token, 'GET', 'me/push-subscriptions')).data).toEqual([])
  expect(
    await page.evaluate(
      async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) !== null,
    ),
  ).toBe(false)
})
