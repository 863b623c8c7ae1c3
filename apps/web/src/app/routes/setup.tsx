import { useNavigate } from 'react-router'
import { SetupAdminPage } from '../../features/auth/components/setup-admin-page'

export function SetupRoute() {
  const navigate = useNavigate()
  return <SetupAdminPage onSuccess={() => navigate('/users/list', { replace: true })} />
}
