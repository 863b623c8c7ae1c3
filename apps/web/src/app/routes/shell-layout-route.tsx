import { Outlet } from 'react-router'
import { AppShell } from '../../components/layout/app-shell'
import { SessionActions } from '../../features/auth/components/session-actions'

export function ShellLayoutRoute() {
  return (
    <AppShell sessionActions={<SessionActions />}>
      <Outlet />
    </AppShell>
  )
}
