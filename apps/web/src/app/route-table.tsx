import type { RoleName } from '@teplo/domain'
import { Navigate, type RouteObject } from 'react-router'
import { PageLoader } from '../components/ui/page-loader'
import { preloadToastView } from '../components/ui/toast-provider'
import { loadScreenStrings, stringsReady } from '../lib/i18n'
import { retryImport } from '../lib/retry-import'
import { GuestOnly } from './guards/guest-only'
import { RequireAuth } from './guards/require-auth'
import type { RouteHandle, RouteTitle } from './route-title'
import { RootLayout } from './routes/root-layout'
import { RouteError, ScreenError } from './routes/route-error'

// Every screen is its own chunk, so a first visit to /login loads only what it shows.
const placeholder = async () => ({ Component: (await import('./routes/placeholder-route')).PlaceholderRoute })
const login = async () => ({ Component: (await import('./routes/login')).LoginRoute })
const notFound = async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute })
const authLayout = async () => ({ Component: (await import('./routes/auth-layout-route')).AuthLayoutRoute })
const shellLayout = async () => ({
  Component: (await import('./routes/shell-layout-route')).ShellLayoutRoute,
})
const devicesList = async () => ({ Component: (await import('./routes/devices-list')).DevicesListRoute })
const deviceNew = async () => ({ Component: (await import('./routes/device-new')).DeviceNewRoute })
const deviceBatch = async () => ({ Component: (await import('./routes/device-batch')).DeviceBatchRoute })
const deviceClaim = async () => ({ Component: (await import('./routes/device-claim')).DeviceClaimRoute })
const deviceEdit = async () => ({ Component: (await import('./routes/device-edit')).DeviceEditRoute })
const deviceErrors = async () => ({ Component: (await import('./routes/device-errors')).DeviceErrorsRoute })
const accountSettings = async () => ({
  Component: (await import('./routes/account-settings')).AccountSettingsRoute,
})
const dashboard = async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute })
const faq = async () => ({ Component: (await import('./routes/faq')).FaqRoute })
const terms = async () => ({ Component: (await import('./routes/terms')).TermsRoute })
const register = async () => ({ Component: (await import('./routes/register')).RegisterRoute })
const passwordEmail = async () => ({
  Component: (await import('./routes/password-email')).PasswordEmailRoute,
})
const passwordReset = async () => ({
  Component: (await import('./routes/password-reset')).PasswordResetRoute,
})
const fleet = async () => ({ Component: (await import('./routes/fleet')).FleetRoute })
const service = async () => ({ Component: (await import('./routes/service')).ServiceRoute })
const itemFuel = async () => ({ Component: (await import('./routes/item-fuel')).ItemFuelRoute })
const update = async () => ({ Component: (await import('./routes/update')).UpdateRoute })
const invitationAccept = async () => ({
  Component: (await import('./routes/invitation-accept')).InvitationAcceptRoute,
})
const setup = async () => ({ Component: (await import('./routes/setup')).SetupRoute })
const emailVerify = async () => ({ Component: (await import('./routes/email-verify')).EmailVerifyRoute })
const emailUndo = async () => ({ Component: (await import('./routes/email-undo')).EmailUndoRoute })
const serverError = async () => ({ Component: (await import('./routes/server-error')).ServerErrorRoute })
const profileTeams = async () => ({ Component: (await import('./routes/profile-teams')).ProfileTeamsRoute })

const rolesList = async () => ({ Component: (await import('./routes/roles-list')).RolesListRoute })
const roleForm = async () => ({ Component: (await import('./routes/role-form')).RoleFormRoute })
const usersList = async () => ({ Component: (await import('./routes/users-list')).UsersListRoute })
const userNew = async () => ({ Component: (await import('./routes/user-new')).UserNewRoute })
const userEdit = async () => ({ Component: (await import('./routes/user-edit')).UserEditRoute })
const categoriesList = async () => ({
  Component: (await import('./routes/categories-list')).CategoriesListRoute,
})
const categoryForm = async () => ({ Component: (await import('./routes/category-form')).CategoryFormRoute })

type LazyFunction = Extract<RouteObject['lazy'], (...args: never[]) => unknown>

/**
 * A chunk that fails to load (connection lost, new deployment) is tried again before the screen gives up.
 * Then the route gets a loader that throws the failure: React Router renders nothing at all below a route
 * whose lazy() rejected, while a loader's error shows the route's error element inside the shell.
 */
function retrying(lazy: RouteObject['lazy']): RouteObject['lazy'] {
  if (typeof lazy !== 'function') return lazy
  const load: LazyFunction = lazy
  return async (...args: Parameters<LazyFunction>) => {
    try {
      return await retryImport(() => load(...args))
    } catch (error) {
      return {
        loader: () => {
          throw error
        },
      }
    }
  }
}

// Screens other than sign-in need their strings (uk-screens.json, en-screens.json in English) before they render, and bring the notices'
// code with them: a notice must show even when the server has gone away since.
function withScreenStrings(lazy: RouteObject['lazy']): RouteObject['lazy'] {
  if (typeof lazy !== 'function') return lazy
  return retrying(async (...args) => {
    const [route] = await Promise.all([lazy(...args), loadScreenStrings(), preloadToastView()])
    // In English, the strings the screen's own code brought are fetched before it shows.
    await stringsReady()
    return route
  })
}

const FIRST_PAGE_SCREENS = new Set<RouteObject['lazy']>([placeholder, login, notFound, authLayout])

function page(path: string, title: RouteTitle, lazy: RouteObject['lazy'] = placeholder): RouteObject {
  return {
    path,
    lazy: FIRST_PAGE_SCREENS.has(lazy) ? retrying(lazy) : withScreenStrings(lazy),
    // A screen that fails stays inside the shell: menu and header remain (the error takes the screen's place).
    errorElement: <ScreenError />,
    handle: { title } satisfies RouteHandle,
  }
}

function guarded(roles: readonly RoleName[] | undefined, children: RouteObject[]): RouteObject {
  return { element: <RequireAuth roles={roles} />, errorElement: <ScreenError />, children }
}

type Lazy = RouteObject['lazy']

/** List, new and edit screens of an admin section; the bare section path opens its list. */
function section(
  base: 'roles' | 'users' | 'categories',
  screens: { list: Lazy; create: Lazy; edit: Lazy },
): RouteObject[] {
  return [
    { path: base, element: <Navigate to={`/${base}/list`} replace /> },
    page(`${base}/list`, `${base}List`, screens.list),
    page(`${base}/new`, `${base}New`, screens.create),
    page(`${base}/edit/:id`, `${base}Edit`, screens.edit),
  ]
}

const DEMO_AUTH_TITLES = {
  signin: 'demoSignin',
  signup: 'demoSignup',
  reset: 'demoReset',
  verification: 'demoVerification',
  lock: 'demoLock',
} as const satisfies Record<string, RouteTitle>

type TemplateKind = keyof typeof DEMO_AUTH_TITLES

/** The three layouts of one authentication screen, each with the real form (spec §1, §2). */
function templateRoutes(kind: TemplateKind): RouteObject[] {
  return (['basic', 'cover', 'illustration'] as const).map((variant) => ({
    path: `authentication/${kind}/${variant}`,
    handle: { title: DEMO_AUTH_TITLES[kind] } satisfies RouteHandle,
    lazy: retrying(async () => {
      const [{ AuthTemplateRoute }] = await Promise.all([
        import('./routes/auth-template'),
        loadScreenStrings(),
        preloadToastView(),
      ])
      await stringsReady()
      return { element: <AuthTemplateRoute kind={kind} variant={variant} /> }
    }),
  }))
}

/** The route table of spec §2 with its guards. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, element: <Navigate to="/dashboards" replace /> },
      ...(['signin', 'signup', 'reset', 'verification'] as const).flatMap(templateRoutes),
      // The lock screen unlocks a session, so it needs one.
      guarded(undefined, templateRoutes('lock')),
      {
        lazy: retrying(authLayout),
        children: [
          {
            element: <GuestOnly />,
            children: [
              page('login', 'login', login),
              page('register', 'register', register),
              page('password/email', 'passwordEmail', passwordEmail),
              page('password/reset', 'passwordReset', passwordReset),
            ],
          },
          // Signed in or out: the mailed invitation link (ADR 018).
          page('invitations/accept', 'invitationAccept', invitationAccept),
          // The one-time link printed at a real installation's first start (ADR 044).
          page('setup', 'setup', setup),
          // Signed in or out: the mailed address links (ADR 034).
          page('email/verify', 'emailVerify', emailVerify),
          page('email/undo', 'emailUndo', emailUndo),
          page('500', 'serverError', serverError),
          page('*', 'notFound', notFound),
        ],
      },
      {
        lazy: withScreenStrings(shellLayout),
        children: [
          guarded(undefined, [
            page('dashboards', 'dashboards', dashboard),
            page('update', 'update', update),
            page('service', 'service', service),
            page('account/settings', 'accountSettings', accountSettings),
            page('items/errors', 'itemErrors', deviceErrors),
            page('items/claim', 'itemsClaim', deviceClaim),
            page('items/:id/fuel', 'itemFuel', itemFuel),
          ]),
          guarded(
            ['admin'],
            [
              ...section('roles', { list: rolesList, create: roleForm, edit: roleForm }),
              ...section('users', { list: usersList, create: userNew, edit: userEdit }),
              page('items/batch', 'itemsBatch', deviceBatch),
            ],
          ),
          guarded(
            ['admin', 'creator'],
            [
              ...section('categories', { list: categoriesList, create: categoryForm, edit: categoryForm }),
              page('items', 'items', devicesList),
              page('fleet', 'fleet', fleet),
              page('items/new', 'itemsNew', deviceNew),
              page('items/edit/:id', 'itemsEdit', deviceEdit),
            ],
          ),
          page('pages/faq', 'faq', faq),
          // Signed in or out: linked from the sign-up form and every footer.
          page('terms', 'terms', terms),
          guarded(undefined, [page('pages/profile/teams', 'profileTeams', profileTeams)]),
        ],
      },
    ],
  },
]
