import { useNavigate } from 'react-router'
import { LoginForm } from '../../features/auth/components/login-form'
import { afterSignIn } from '../../lib/pending-invitation'

export function LoginRoute() {
  const navigate = useNavigate()
  return <LoginForm onSuccess={() => navigate(afterSignIn('/dashboards'), { replace: true })} />
}
