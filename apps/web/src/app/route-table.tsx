import type { RoleName } from '@teplo/domain'
import { Navigate, type RouteObject } from 'react-router'
import { PageLoader } from '../components/ui/page-loader'
import { GuestOnly } from './guards/guest-only'
import { RequireAuth } from './guards/require-auth'
import type { RouteHandle, RouteTitle } from './route-title'
import { RootLayout } from './routes/root-layout'
import { RouteError } from './routes/route-error'

// Every screen is its own chunk, so a first visit to /login loads only what it shows.
const placeholder = async () => ({ Component: (await import('./routes/placeholder-route')).PlaceholderRoute })
const login = async () => ({ Component: (await import('./routes/login')).LoginRoute })
const notFound = async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute })
const authLayout = async () => ({ Component: (await import('./routes/auth-layout-route')).AuthLayoutRoute })
const shellLayout = async () => ({
  Component: (await import('./routes/shell-layout-route')).ShellLayoutRoute,
})

function page(path: string, title: RouteTitle, lazy: RouteObject['lazy'] = placeholder): RouteObject {
  return { path, lazy, handle: { title } satisfies RouteHandle }
}

function guarded(roles: readonly RoleName[] | undefined, children: RouteObject[]): RouteObject {
  return { element: <RequireAuth roles={roles} />, children }
}

/** List, new and edit screens of an admin section; the bare section path opens its list. */
function section(base: 'roles' | 'users' | 'categories'): RouteObject[] {
  return [
    { path: base, element: <Navigate to={`/${base}/list`} replace /> },
    page(`${base}/list`, `${base}List`),
    page(`${base}/new`, `${base}New`),
    page(`${base}/edit/:id`, `${base}Edit`),
  ]
}

const DEMO_AUTH_TITLES = {
  signin: 'demoSignin',
  signup: 'demoSignup',
  reset: 'demoReset',
  verification: 'demoVerification',
  lock: 'demoLock',
} as const satisfies Record<string, RouteTitle>

const demoAuthRoutes = Object.entries(DEMO_AUTH_TITLES).flatMap(([kind, title]) =>
  ['basic', 'cover', 'illustration'].map((variant) => page(`authentication/${kind}/${variant}`, title)),
)

/** The route table of spec §2 with its guards. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, element: <Navigate to="/dashboards" replace /> },
      {
        lazy: authLayout,
        children: [
          {
            element: <GuestOnly />,
            children: [
              page('login', 'login', login),
              page('register', 'register'),
              page('password/email', 'passwordEmail'),
              page('password/reset', 'passwordReset'),
            ],
          },
          ...demoAuthRoutes,
          page('*', 'notFound', notFound),
        ],
      },
      {
        lazy: shellLayout,
        children: [
          guarded(undefined, [
            page('dashboards', 'dashboards'),
            page('update', 'update'),
            page('service', 'service'),
            page('account/settings', 'accountSettings'),
            page('items/errors', 'itemErrors'),
          ]),
          guarded(['admin'], [...section('roles'), ...section('users')]),
          guarded(
            ['admin', 'creator'],
            [
              ...section('categories'),
              page('items', 'items'),
              page('items/new', 'itemsNew'),
              page('items/edit/:id', 'itemsEdit'),
            ],
          ),
          page('pages/faq', 'faq'),
          page('pages/profile/teams', 'profileTeams'),
        ],
      },
    ],
  },
]
