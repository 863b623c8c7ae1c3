import KeyRounded from '@mui/icons-material/KeyRounded'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import type { LoginData, LoginInput, TwoFactorChallenge } from '@teplo/domain'
import { type FocusEvent, lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Controller, type Resolver, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { PasswordField } from '../../../components/ui/password-field'
import { TextInput } from '../../../components/ui/text-input'
import { ApiRequestError } from '../../../lib/api-client'
import { domainMessage } from '../../../lib/domain-messages'
import { retryImport } from '../../../lib/retry-import'
import { useDemoLogins } from '../api/get-demo-logins'
import { isTwoFactorChallenge, useLogin } from '../api/login'
import { usePasskeyLogin } from '../api/passkey-login'
import type { LoginFailure } from './login-failed-dialog'
import { TwoFactorExpired, TwoFactorStep } from './two-factor-step'

// The popup's code loads only when a sign-in fails, keeping the first visit to /login light.
const LoginFailedDialog = lazy(async () => ({
  default: (await retryImport(() => import('./login-failed-dialog'))).LoginFailedDialog,
}))

// The rules (zod, ~40 kB) are fetched with the first submit, not with the page: the first paint of /login does
// not need them (ADR 031). If they cannot be fetched, the server checks the same rules and its answer is shown.
const loginResolver: Resolver<LoginInput, unknown, LoginData> = async (values, context, options) => {
  try {
    const { loginRules } = await retryImport(() => import('../utils/login-rules'))
    return loginRules(values, context, options)
  } catch {
    return { values: { ...values, remember: values.remember ?? true }, errors: {} }
  }
}

function failureOf(error: unknown): LoginFailure {
  if (!(error instanceof ApiRequestError)) return 'unexpected'
  if (error.status === 401 || error.status === 422) return 'credentials'
  if (error.status === 429) return { kind: 'rate-limited', retryAfterSeconds: error.retryAfterSeconds }
  return error.isNetworkError || error.status >= 500 ? 'unreachable' : 'unexpected'
}

/**
 * Sign-in form. Prefilled with a demo account (spec §2) only while the installation is a demo: the server says
 * which demo accounts still sign in with their published passwords, and a real installation has none.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation()
  const login = useLogin()
  const passkeyLogin = usePasskeyLogin()
  const [failure, setFailure] = useState<LoginFailure | null>(null)
  const [failureOpen, setFailureOpen] = useState(false)
  // The password was right and the account asks for a code: the second step, in place of the form.
  const [challenge, setChallenge] = useState<TwoFactorChallenge['meta'] | null>(null)
  const [challengeExpired, setChallengeExpired] = useState(false)
  const [passkeyFailed, setPasskeyFailed] = useState(false)
  const passkeysSupported = typeof window !== 'undefined' && 'PublicKeyCredential' in window
  const { control, handleSubmit, getValues, setValue } = useForm<LoginInput, unknown, LoginData>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '', remember: true },
  })
  // After an account deletion: said once, here, where the person lands.
  const [accountDeleted] = useState(() => {
    const deleted = sessionStorage.getItem('teplo.account-deleted') !== null
    sessionStorage.removeItem('teplo.account-deleted')
    return deleted
  })
  const demo = useDemoLogins()
  const demoAccount = demo.data?.[0]
  // Set when a field is entered: a prefill landing then would be mixed into what is being typed (a selection made
  // for typing collapses when the value changes under it, and the typed text lands after the demo e-mail).
  const entered = useRef(false)
  const onFocusCapture = (event: FocusEvent) => {
    if (event.target instanceof HTMLInputElement) entered.current = true
  }
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    // Never over what the user has begun to type, nor into a form they are already in.
    if (!demoAccount || entered.current || getValues('email') || getValues('password')) return
    setValue('email', demoAccount.email)
    setValue('password', demoAccount.password)
    // Into the fields now, in the same step as the check above, not at React's next commit: a field entered
    // in between would get its selection collapsed under the typing and the typed text after the demo one.
    for (const [name, value] of [
      ['email', demoAccount.email],
      ['password', demoAccount.password],
    ] as const) {
      const input = form.current?.elements.namedItem(name)
      if (input instanceof HTMLInputElement) input.value = value
    }
  }, [demoAccount, getValues, setValue])

  const submit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (response) => {
        setChallengeExpired(false)
        if (isTwoFactorChallenge(response)) setChallenge(response.meta)
        else onSuccess()
      },
      onError: (error) => {
        setFailure(failureOf(error))
        setFailureOpen(true)
      },
    }),
  )

  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge.challenge_token}
        methods={challenge.methods}
        onSuccess={onSuccess}
        onRestart={(expired) => {
          setChallenge(null)
          setChallengeExpired(expired)
        }}
      />
    )

  return (
    <Stack
      component="form"
      ref={form}
      noValidate
      onSubmit={submit}
      onFocusCapture={onFocusCapture}
      spacing={2.5}
    >
      <div>
        <Typography variant="h1">{t('auth.login.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('auth.login.subtitle')}</Typography>
      </div>
      {accountDeleted && <Alert severity="success">{t('auth.login.accountDeleted')}</Alert>}
      {challengeExpired && <TwoFactorExpired />}
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
            helperText={domainMessage(fieldState.error?.message)}
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
            helperText={domainMessage(fieldState.error?.message)}
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
      {passkeysSupported && (
        <Button
          variant="outlined"
          size="large"
          startIcon={<KeyRounded />}
          loading={passkeyLogin.isPending}
          loadingPosition="start"
          onClick={() =>
            passkeyLogin.mutate(undefined, {
              onSuccess,
              onError: (error) => {
                setPasskeyFailed(!(error instanceof ApiRequestError && error.status === 429))
                if (error instanceof ApiRequestError && error.status === 429) {
                  setFailure(failureOf(error))
                  setFailureOpen(true)
                }
              },
            })
          }
        >
          {t('auth.login.passkey')}
        </Button>
      )}
      {passkeyFailed && <Alert severity="warning">{t('auth.login.passkeyFailed')}</Alert>}
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
