import { Navigate, Outlet } from 'react-router'
import { useAccessToken } from '../../lib/auth-token'
import { decideGuestAccess } from './decide-access'

export function GuestOnly() {
  const token = useAccessToken()
  return decideGuestAccess(token) === 'home' ? <Navigate to="/dashboards" replace /> : <Outlet />
}
