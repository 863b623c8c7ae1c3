import { PasswordForgotForm } from '../../features/auth/components/password-forgot-form'

export function PasswordEmailRoute() {
  return <PasswordForgotForm />
}
