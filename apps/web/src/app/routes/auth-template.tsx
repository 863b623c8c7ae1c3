import { useNavigate } from 'react-router'
import { LockForm } from '../../features/auth/components/lock-form'
import { LoginForm } from '../../features/auth/components/login-form'
import { PasswordForgotForm } from '../../features/auth/components/password-forgot-form'
import { RegisterForm } from '../../features/auth/components/register-form'
import { TemplateLayout } from '../../features/templates/components/template-layout'
import type { TemplateKind, TemplateVariant } from '../../features/templates/components/template-variant'
import { VerificationForm } from '../../features/templates/components/verification-form'

interface AuthTemplateRouteProps {
  kind: TemplateKind
  variant: TemplateVariant
}

/** /authentication/{kind}/{variant}: the real forms of the product in one of the three layouts. */
export function AuthTemplateRoute({ kind, variant }: AuthTemplateRouteProps) {
  return (
    <TemplateLayout kind={kind} variant={variant}>
      <TemplateForm kind={kind} />
    </TemplateLayout>
  )
}

function TemplateForm({ kind }: { kind: TemplateKind }) {
  const navigate = useNavigate()
  const toDashboards = () => navigate('/dashboards', { replace: true })
  switch (kind) {
    case 'signin':
      return <LoginForm onSuccess={toDashboards} />
    case 'signup':
      return <RegisterForm onSuccess={toDashboards} />
    case 'reset':
      return <PasswordForgotForm />
    case 'verification':
      return <VerificationForm />
    case 'lock':
      return <LockForm onUnlock={toDashboards} />
  }
}
