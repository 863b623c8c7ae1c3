import { useNavigate } from 'react-router'
import { RegisterForm } from '../../features/auth/components/register-form'
import { afterSignIn } from '../../lib/pending-invitation'

export function RegisterRoute() {
  const navigate = useNavigate()
  return <RegisterForm onSuccess={() => navigate(afterSignIn('/dashboards'), { replace: true })} />
}
