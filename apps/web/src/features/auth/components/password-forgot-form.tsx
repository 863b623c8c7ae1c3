import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import {
  LIMITS,
  type PasswordForgotData,
  type PasswordForgotInput,
  passwordForgotSchema,
} from '@teplo/domain'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { ApiRequestError } from '../../../lib/api-client'
import { failureMessage } from '../../../lib/failure-message'
import { resetRedirectUrl, usePasswordForgot } from '../api/password-forgot'
import { type AuthNotice, AuthNoticeDialog } from './auth-notice-dialog'

const seconds = LIMITS.resetEmailWithinSeconds

/** Reset request (SendEmail): one e-mail field; the letter with the link arrives within 60 s (spec §2, §9). */
export function PasswordForgotForm() {
  const { t } = useTranslation()
  const forgot = usePasswordForgot()
  const [notice, setNotice] = useState<AuthNotice | null>(null)
  const [open, setOpen] = useState(false)
  const { control, handleSubmit } = useForm<PasswordForgotInput, unknown, PasswordForgotData>({
    resolver: zodResolver(passwordForgotSchema),
    defaultValues: { email: '', redirect_url: resetRedirectUrl() },
  })

  const show = (next: AuthNotice) => {
    setNotice(next)
    setOpen(true)
  }

  const submit = handleSubmit((request) =>
    forgot.mutate(request, {
      // The server answers alike for unknown addresses, so success cannot promise the address is registered.
      onSuccess: () =>
        show({
          severity: 'success',
          title: t('auth.forgot.sentTitle'),
          text: t('auth.forgot.sentText', { seconds }),
        }),
      onError: (error) => show(failureNotice(error)),
    }),
  )

  function failureNotice(error: unknown): AuthNotice {
    if (error instanceof ApiRequestError && error.fieldErrors.email) {
      return { severity: 'error', title: t('auth.forgot.notRegistered'), text: error.fieldErrors.email }
    }
    const text = failureMessage(error, { generic: t('errors.generic'), network: t('errors.network') })
    return { severity: 'error', title: t('auth.forgot.failedTitle'), text }
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <div>
        <Typography variant="h1">{t('auth.forgot.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('auth.forgot.subtitle', { seconds })}
        </Typography>
      </div>
      <FormTextInput
        control={control}
        name="email"
        label={t('auth.login.email')}
        type="email"
        autoComplete="email"
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={forgot.isPending}
        loadingPosition="start"
      >
        {t('auth.forgot.submit')}
      </Button>
      <Button component={RouterLink} to="/login" size="small" sx={{ alignSelf: 'center' }}>
        {t('auth.forgot.back')}
      </Button>
      <AuthNoticeDialog notice={notice} open={open} onClose={() => setOpen(false)} />
    </Stack>
  )
}
