import { PageLoader } from '../../components/ui/page-loader'
import { useProfile } from '../../features/auth/api/get-profile'
import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen'

/** The guard has loaded the profile; the dashboard lists that user's devices. */
export function DashboardRoute() {
  const { data: profile } = useProfile()
  if (!profile) return <PageLoader />
  return <DashboardScreen userId={profile.id} />
}
