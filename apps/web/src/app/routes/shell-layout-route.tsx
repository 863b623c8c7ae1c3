import { Outlet } from 'react-router'
import { AppShell } from '../../components/layout/app-shell'
import { SessionActions } from '../../features/auth/components/session-actions'
import { HelpRequestProvider } from '../../features/help/components/help-request-provider'

export function ShellLayoutRoute() {
  return (
    <HelpRequestProvider>
      <AppShell sessionActions={<SessionActions />}>
        <Outlet />
      </AppShell>
    </HelpRequestProvider>
  )
}
