import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { api, apiToken } from './api-session'

// Every screen of the route table (apps/web/src/app/route-table.tsx), by the user it is meant for: the phone
// width and both colour schemes (screens.spec.ts) are checked on this one list, so a new route is added here once.

export type ScreenTokens = Record<'admin' | 'creator' | 'user', string>
type Ids = Record<'role' | 'user' | 'category' | 'item', string>

/** Signs the three demo roles in through the API, and finds a role, user, type and device to edit. */
export async function screenSession(request: APIRequestContext) {
  const tokens: ScreenTokens = {
    admin: await apiToken(request, 'admin'),
    creator: await apiToken(request, 'creator'),
    user: await apiToken(request, 'user'),
  }
  const first = async (path: string) =>
    (await api<{ data: { id: string }[] }>(request, tokens.admin, 'GET', path)).data[0]?.id ?? ''
  const ids: Ids = {
    role: await first('roles'),
    user: await first('users'),
    category: await first('categories'),
    item: await first('items'),
  }
  return { tokens, ids }
}

export const GUEST_SCREENS = [
  '/login',
  '/register',
  '/password/email',
  '/password/reset?email=someone%40teplo.test',
  '/invitations/accept?token=missing',
  '/email/verify?token=missing',
  '/email/undo?token=missing',
  '/500',
  '/no-such-page',
  '/pages/faq',
  '/terms',
  ...['signin', 'signup', 'reset', 'verification'].flatMap((kind) =>
    ['basic', 'cover', 'illustration'].map((variant) => `/authentication/${kind}/${variant}`),
  ),
]

/** The screens of each signed-in role; the dashboard first (its sections load later, see `screenReady`). */
export function signedInScreens(ids: Ids): Record<keyof ScreenTokens, string[]> {
  return {
    admin: [
      '/dashboards',
      '/update',
      '/service',
      '/account/settings',
      '/items/errors',
      '/items/claim',
      '/roles/list',
      '/roles/new',
      `/roles/edit/${ids.role}`,
      '/users/list',
      '/users/new',
      `/users/edit/${ids.user}`,
      '/categories/list',
      '/categories/new',
      `/categories/edit/${ids.category}`,
      '/items',
      '/items/new',
      '/items/batch',
      `/items/edit/${ids.item}`,
      '/fleet',
      '/pages/faq',
      '/pages/profile/teams',
      ...['basic', 'cover', 'illustration'].map((variant) => `/authentication/lock/${variant}`),
    ],
    creator: ['/fleet', '/items', '/items/new', '/update', '/service', '/account/settings'],
    user: [
      '/dashboards',
      '/update',
      '/service',
      '/account/settings',
      '/items/errors',
      '/pages/profile/teams',
    ],
  }
}

export type ScreenLanguage = 'uk' | 'en'

const SECTION_NAMES: Record<ScreenLanguage, string[]> = {
  uk: ['Тижневий розклад', 'Пороги тривог', 'Паливо', 'Доступ'],
  en: ['Weekly schedule', 'Alarm thresholds', 'Fuel', 'Access'],
}

/** The dashboard's sections come in after its heading: schedule, history, alarm thresholds, fuel and access. */
export async function dashboardReady(page: Page, language: ScreenLanguage = 'uk') {
  await expect(page.getByTestId('history-chart').first()).toBeVisible({ timeout: 20_000 })
  for (const name of SECTION_NAMES[language]) {
    await expect(page.getByRole('region', { name }).first()).toBeVisible({ timeout: 20_000 })
  }
}

/** Opens a screen and waits until what it loads is there: its heading (an invitation's alert), the network. */
export async function openScreen(page: Page, path: string, language: ScreenLanguage = 'uk') {
  await page.goto(path)
  // A mailed link (an invitation, an address to prove or an address change to undo) that is not valid says so in
  // an alert, without a heading.
  const shown =
    path.startsWith('/invitations/') || path.startsWith('/email/')
      ? page.getByRole('alert')
      : page.getByRole('heading', { level: 1 })
  await expect(shown.first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  if (path === '/dashboards') await dashboardReady(page, language)
}
