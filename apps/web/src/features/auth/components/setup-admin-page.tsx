import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { type SetupAdminInput, setupAdminSchema } from '@teplo/domain'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { NewPasswordFields } from '../../../components/ui/new-password-fields'
import { PageLoader } from '../../../components/ui/page-loader'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { failureMessage } from '../../../lib/failure-message'
import { applyFieldErrors } from '../../../lib/form-errors'
import { useSetupAdmin, useSetupLinkCheck } from '../api/setup-admin'

type SetupData = z.output<typeof setupAdminSchema>
const SERVER_FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const

/** The one-time link printed at a real installation's first start: creates its first administrator (ADR 044). */
export function SetupAdminPage({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const check = useSetupLinkCheck(token)
  if (!token) return <SetupRefused title={t('auth.setup.badLinkTitle')} text={t('auth.setup.badLinkText')} />
  if (check.isPending) return <PageLoader />
  if (check.error) {
    const status = check.error instanceof ApiRequestError ? check.error.status : 0
    if (status === 409)
      return <SetupRefused title={t('auth.setup.doneTitle')} text={t('auth.setup.doneText')} />
    if (status === 404 || status === 422)
      return (
        <SetupRefused
          title={t('auth.setup.badLinkTitle')}
          text={t('auth.setup.expiredText', { command: 'npm run admin:create' })}
        />
      )
    return (
      <SetupRefused
        title={t('auth.setup.badLinkTitle')}
        text={failureMessage(check.error, { generic: t('errors.generic'), network: t('errors.network') })}
      />
    )
  }
  return <SetupAdminForm token={token} onSuccess={onSuccess} />
}

function SetupRefused({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation()
  return (
    <Stack spacing={2.5}>
      <Typography variant="h1">{t('auth.setup.title')}</Typography>
      <Alert severity="warning">
        <AlertTitle>{title}</AlertTitle>
        {text}
      </Alert>
      <Button component={RouterLink} to="/login" variant="contained">
        {t('auth.setup.toLogin')}
      </Button>
    </Stack>
  )
}

function SetupAdminForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const setup = useSetupAdmin()
  const { control, handleSubmit, setError } = useForm<SetupAdminInput, unknown, SetupData>({
    resolver: zodResolver(setupAdminSchema),
    defaultValues: { token, name: '', email: '', password: '', password_confirmation: '' },
  })
  const reveal = { show: t('auth.login.showPassword'), hide: t('auth.login.hidePassword') }

  const submit = handleSubmit(async (values) => {
    try {
      await setup.mutateAsync(values)
    } catch (error) {
      if (error instanceof ApiRequestError && applyFieldErrors(error.fieldErrors, setError, SERVER_FIELDS))
        return
      toast.error(failureMessage(error, { generic: t('errors.generic'), network: t('errors.network') }))
      return
    }
    toast.success(t('auth.setup.success'))
    onSuccess()
  })

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <div>
        <Typography variant="h1">{t('auth.setup.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('auth.setup.subtitle')}</Typography>
      </div>
      <FormTextInput control={control} name="name" label={t('auth.register.name')} autoComplete="username" />
      <FormTextInput
        control={control}
        name="email"
        label={t('auth.login.email')}
        type="email"
        autoComplete="email"
      />
      <NewPasswordFields
        control={control}
        label={t('auth.login.password')}
        confirmationLabel={t('auth.register.passwordConfirmation')}
        reveal={reveal}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={setup.isPending}
        loadingPosition="start"
      >
        {t('auth.setup.submit')}
      </Button>
    </Stack>
  )
}
