import { useNavigate } from 'react-router'
import { LoginForm } from '../../features/auth/components/login-form'

export function LoginRoute() {
  const navigate = useNavigate()
  return <LoginForm onSuccess={() => navigate('/dashboards', { replace: true })} />
}
