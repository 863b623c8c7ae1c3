import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import {
  type PasswordResetData,
  type PasswordResetInput,
  passwordResetSchema,
  type TwoFactorChallenge,
} from '@teplo/domain'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate } from 'react-router'
import { NewPasswordFields } from '../../../components/ui/new-password-fields'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { failureMessage } from '../../../lib/failure-message'
import { applyFieldErrors } from '../../../lib/form-errors'
import { isTwoFactorChallenge } from '../api/login'
import { usePasswordReset } from '../api/password-reset'
import type { ResetLink } from '../utils/reset-link'
import { type AuthNotice, AuthNoticeDialog } from './auth-notice-dialog'
import { TwoFactorStep } from './two-factor-step'

interface PasswordResetFormProps {
  link: ResetLink
  onSuccess: () => void
}

/** Set new password: two password fields; e-mail and token come from the e-mailed link (spec §2). */
export function PasswordResetForm({ link, onSuccess }: PasswordResetFormProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const reset = usePasswordReset()
  const navigate = useNavigate()
  const [notice, setNotice] = useState<AuthNotice | null>(null)
  const [open, setOpen] = useState(false)
  // With two-factor sign-in on, the new password is set and the code is still owed before a session.
  const [challenge, setChallenge] = useState<TwoFactorChallenge['meta'] | null>(null)
  const { control, handleSubmit, setError } = useForm<PasswordResetInput, unknown, PasswordResetData>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { ...link, password: '', password_confirmation: '' },
  })
  const reveal = { show: t('auth.login.showPassword'), hide: t('auth.login.hidePassword') }

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await reset.mutateAsync(values)
      if (isTwoFactorChallenge(answer)) {
        toast.success(t('auth.reset.success'))
        setChallenge(answer.meta)
        return
      }
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.fieldErrors : {}
      // Password rules go under their inputs; a bad or spent link can only be fixed with a new letter.
      if (applyFieldErrors(fields, setError, ['password', 'password_confirmation'])) return
      const text = failureMessage(error, { generic: t('errors.generic'), network: t('errors.network') })
      setNotice({ severity: 'error', title: t('auth.reset.failedTitle'), text })
      setOpen(true)
      return
    }
    toast.success(t('auth.reset.success'))
    onSuccess()
  })

  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge.challenge_token}
        methods={challenge.methods}
        onSuccess={onSuccess}
        onRestart={() => navigate('/login', { replace: true })}
      />
    )

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <div>
        <Typography variant="h1">{t('auth.reset.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
          {t('auth.reset.subtitle', { email: link.email })}
        </Typography>
      </div>
      <NewPasswordFields
        control={control}
        label={t('auth.reset.password')}
        confirmationLabel={t('auth.reset.passwordConfirmation')}
        hint={t('auth.reset.hint')}
        reveal={reveal}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={reset.isPending}
        loadingPosition="start"
      >
        {t('auth.reset.submit')}
      </Button>
      <AuthNoticeDialog
        notice={notice}
        open={open}
        onClose={() => setOpen(false)}
        action={
          <Button component={RouterLink} to="/password/email">
            {t('auth.reset.requestNew')}
          </Button>
        }
      />
    </Stack>
  )
}
