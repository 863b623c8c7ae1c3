import type { RoleName } from '@teplo/domain'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PageLoader } from '../../components/ui/page-loader'
import { useProfile } from '../../features/auth/api/get-profile'
import { useAccessToken } from '../../lib/auth-token'
import { useRouteTitle } from '../route-title'
import { decideAccess, TWO_FACTOR_SETUP_PATH } from './decide-access'
import type { NoAccessState } from './no-access-notice'

/** Shows its child routes only to a signed-in user whose first role is one of `roles`. */
export function RequireAuth({ roles }: { roles?: readonly RoleName[] }) {
  const token = useAccessToken()
  const profileQuery = useProfile({ enabled: token !== null })
  const profile = profileQuery.isError ? 'failed' : (profileQuery.data ?? 'loading')
  const { pathname } = useLocation()
  const page = useRouteTitle()

  switch (decideAccess({ token, profile, requiredRoles: roles, path: pathname })) {
    case 'two-factor':
      return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />
    case 'login':
      return <Navigate to="/login" replace />
    case 'home': {
      // Home, saying why (spec §6 sends other roles there; the notice names the page and whose it is).
      const state: NoAccessState = { noAccess: { page, roles: roles ?? [] } }
      return <Navigate to="/dashboards" replace state={state} />
    }
    case 'wait':
      return <PageLoader />
    case 'allow':
      return <Outlet />
  }
}
