import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { DEMO_ADMIN, type LoginData, type LoginInput, loginSchema } from '@teplo/domain'
import { lazy, Suspense, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { PasswordField } from '../../../components/ui/password-field'
import { TextInput } from '../../../components/ui/text-input'
import { ApiRequestError } from '../../../lib/api-client'
import { retryImport } from '../../../lib/retry-import'
import { useLogin } from '../api/login'
import type { LoginFailure } from './login-failed-dialog'

// The popup's code loads only when a sign-in fails, keeping the first visit to /login light.
const LoginFailedDialog = lazy(async () => ({
  default: (await retryImport(() => import('./login-failed-dialog'))).LoginFailedDialog,
}))

function failureOf(error: unknown): LoginFailure {
  if (!(error instanceof ApiRequestError)) return 'unexpected'
  if (error.status === 401 || error.status === 422) return 'credentials'
  return error.isNetworkError || error.status >= 500 ? 'unreachable' : 'unexpected'
}

/** Sign-in form, prefilled with the demo administrator (spec §2). */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation()
  const login = useLogin()
  const [failure, setFailure] = useState<LoginFailure | null>(null)
  const [failureOpen, setFailureOpen] = useState(false)
  const { control, handleSubmit } = useForm<LoginInput, unknown, LoginData>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, remember: true },
  })

  const submit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess,
      onError: (error) => {
        setFailure(failureOf(error))
        setFailureOpen(true)
      },
    }),
  )

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <div>
        <Typography variant="h1">{t('auth.login.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('auth.login.subtitle')}</Typography>
      </div>
      <Controller
        name="email"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextInput
            {...field}
            inputRef={ref}
            label={t('auth.login.email')}
            type="email"
            autoComplete="email"
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Controller
        name="password"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <PasswordField
            {...field}
            inputRef={ref}
            label={t('auth.login.password')}
            autoComplete="current-password"
            showLabel={t('auth.login.showPassword')}
            hideLabel={t('auth.login.hidePassword')}
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Controller
          name="remember"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              label={t('auth.login.remember')}
              control={
                <Switch
                  name={field.name}
                  checked={field.value ?? true}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
              }
            />
          )}
        />
        <Link component={RouterLink} to="/password/email" variant="body2">
          {t('auth.login.forgotPassword')}
        </Link>
      </Stack>
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={login.isPending}
        loadingPosition="start"
      >
        {t('auth.login.submit')}
      </Button>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', columnGap: 1 }}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('auth.login.noAccount')}
        </Typography>
        <Button component={RouterLink} to="/register" size="small">
          {t('auth.login.register')}
        </Button>
      </Stack>
      {failure && (
        <Suspense fallback={null}>
          <LoginFailedDialog failure={failure} open={failureOpen} onClose={() => setFailureOpen(false)} />
        </Suspense>
      )}
    </Stack>
  )
}
