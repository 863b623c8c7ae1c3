import { Outlet } from 'react-router'
import { AuthLayout } from '../../components/layout/auth-layout'

export function AuthLayoutRoute() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  )
}
