import { useNavigate } from 'react-router'
import { RegisterForm } from '../../features/auth/components/register-form'

export function RegisterRoute() {
  const navigate = useNavigate()
  return <RegisterForm onSuccess={() => navigate('/dashboards', { replace: true })} />
}
