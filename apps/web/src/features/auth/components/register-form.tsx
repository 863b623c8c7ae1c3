import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { type RegisterFormInput, type RegisterResponse, registerFormSchema } from '@teplo/domain'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import type { z } from 'zod'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { NewPasswordFields } from '../../../components/ui/new-password-fields'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { applyFieldErrors } from '../../../lib/form-errors'
import { useRegister } from '../api/register'
import { TermsCheckbox } from './terms-checkbox'

type RegisterFormData = z.output<typeof registerFormSchema>

const SERVER_FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const

/** The mailed invitation a sign-up comes through: its secret and the address it was sent to (ADR 048). */
export interface SignUpInvitation {
  token: string
  email: string
}

interface RegisterFormProps {
  onSuccess: (response: RegisterResponse) => void
  /** Through an invitation link: the invited address is filled in and fixed, and registering accepts the offer. */
  invitation?: SignUpInvitation
}

/** Registration form (spec §2): login name, e-mail, password twice and the terms, then an automatic sign-in. */
export function RegisterForm({ onSuccess, invitation }: RegisterFormProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const register = useRegister()
  const { control, handleSubmit, setError } = useForm<RegisterFormInput, unknown, RegisterFormData>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: invitation?.email ?? '', password: '', password_confirmation: '' },
  })
  const reveal = { show: t('auth.login.showPassword'), hide: t('auth.login.hidePassword') }

  const submit = handleSubmit(async ({ terms: _accepted, ...account }) => {
    let response: RegisterResponse
    try {
      response = await register.mutateAsync(
        invitation ? { ...account, email: invitation.email, invitation_token: invitation.token } : account,
      )
    } catch (error) {
      if (error instanceof ApiRequestError) applyFieldErrors(error.fieldErrors, setError, SERVER_FIELDS)
      toast.error(failureText(error))
      return
    }
    if (!response.invitation) toast.success(t('auth.register.success'))
    onSuccess(response)
  })

  // Spec §8 reads every refusal as a taken e-mail; a server that cannot answer is told as such.
  function failureText(error: unknown) {
    if (!(error instanceof ApiRequestError) || error.status >= 500) return t('errors.generic')
    if (error.isNetworkError) return t('errors.network')
    if (error.status === 429) return error.message
    // Through an invitation the refusal may be the link's (used, expired, another address): the server says which.
    const invitationRefusal = invitation && !error.fieldErrors.password ? error.errors[0]?.detail : undefined
    if (invitationRefusal && !error.fieldErrors.name) return invitationRefusal
    return t('auth.register.failed')
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <div>
        <Typography variant="h1">{t('auth.register.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('auth.register.subtitle')}</Typography>
      </div>
      <FormTextInput control={control} name="name" label={t('auth.register.name')} autoComplete="username" />
      <FormTextInput
        control={control}
        name="email"
        label={t('auth.login.email')}
        type="email"
        autoComplete="email"
        readOnly={Boolean(invitation)}
        helperText={invitation ? t('auth.register.invitationEmail') : undefined}
      />
      <NewPasswordFields
        control={control}
        label={t('auth.login.password')}
        confirmationLabel={t('auth.register.passwordConfirmation')}
        reveal={reveal}
      />
      <TermsCheckbox control={control} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={register.isPending}
        loadingPosition="start"
      >
        {t('auth.register.submit')}
      </Button>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', columnGap: 1 }}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('auth.register.haveAccount')}
        </Typography>
        <Button component={RouterLink} to="/login" size="small">
          {t('auth.register.login')}
        </Button>
      </Stack>
    </Stack>
  )
}
