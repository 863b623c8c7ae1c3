import { useNavigate } from 'react-router'
import { PasswordResetPage } from '../../features/auth/components/password-reset-page'

export function PasswordResetRoute() {
  const navigate = useNavigate()
  return <PasswordResetPage onSuccess={() => navigate('/dashboards', { replace: true })} />
}
