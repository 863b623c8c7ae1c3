import type { RoleName } from '@teplo/domain'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PageLoader } from '../../components/ui/page-loader'
import { useProfile } from '../../features/auth/api/get-profile'
import { useAccessToken } from '../../lib/auth-token'
import { decideAccess, TWO_FACTOR_SETUP_PATH } from './decide-access'

/** Shows its child routes only to a signed-in user whose first role is one of `roles`. */
export function RequireAuth({ roles }: { roles?: readonly RoleName[] }) {
  const token = useAccessToken()
  const profileQuery = useProfile({ enabled: token !== null })
  const profile = profileQuery.isError ? 'failed' : (profileQuery.data ?? 'loading')
  const { pathname } = useLocation()

  switch (decideAccess({ token, profile, requiredRoles: roles, path: pathname })) {
    case 'two-factor':
      return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />
    case 'login':
      return <Navigate to="/login" replace />
    case 'home':
      return <Navigate to="/dashboards" replace />
    case 'wait':
      return <PageLoader />
    case 'allow':
      return <Outlet />
  }
}
