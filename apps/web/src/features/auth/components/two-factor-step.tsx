import KeyRounded from '@mui/icons-material/KeyRounded'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { TwoFactorMethod } from '@teplo/domain'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextInput } from '../../../components/ui/text-input'
import { ApiRequestError } from '../../../lib/api-client'
import { useLoginTwoFactor } from '../api/login-two-factor'
import { usePasskeySecondFactor } from '../api/passkey-login'

interface TwoFactorStepProps {
  /** The challenge the password step answered. */
  challenge: string
  /** The account's second factors: 'totp' asks for a code, 'passkey' offers the browser's passkey prompt. */
  methods: TwoFactorMethod[]
  onSuccess: () => void
  /** Back to the password: asked for, or because the challenge is over (expired, spent, too many wrong codes). */
  onRestart: (expired: boolean) => void
}

/** The sign-in's second step: a code from the authenticator app, or one of the recovery codes (ADR 041). */
export function TwoFactorStep({ challenge, methods, onSuccess, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation()
  const confirm = useLoginTwoFactor()
  const passkey = usePasskeySecondFactor()
  const withCode = methods.includes('totp')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)

  const confirmWithPasskey = () => {
    setError(null)
    passkey.mutate(challenge, {
      onSuccess,
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.status === 401) return onRestart(true)
        setError(t('auth.twoFactor.passkeyFailed'))
      },
    })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim()) {
      setError(t('auth.twoFactor.required'))
      return
    }
    confirm.mutate(
      { challenge_token: challenge, code: code.trim() },
      {
        onSuccess,
        onError: (failure) => {
          if (!(failure instanceof ApiRequestError)) return setError(t('errors.generic'))
          if (failure.status === 401) return onRestart(true)
          if (failure.status === 429)
            return setError(t('auth.twoFactor.rateLimited', { seconds: failure.retryAfterSeconds ?? 60 }))
          setError(
            failure.fieldErrors.code ??
              (failure.isNetworkError
                ? t('errors.network')
                : (failure.errors[0]?.detail ?? t('errors.generic'))),
          )
        },
      },
    )
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <div>
        <Typography variant="h1">{t('auth.twoFactor.title')}</Typography>
        {withCode && (
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('auth.twoFactor.subtitle')}</Typography>
        )}
      </div>
      {methods.includes('passkey') && (
        <Button
          variant={withCode ? 'outlined' : 'contained'}
          size="large"
          startIcon={<KeyRounded />}
          onClick={confirmWithPasskey}
          loading={passkey.isPending}
          loadingPosition="start"
        >
          {t('auth.twoFactor.passkey')}
        </Button>
      )}
      {!withCode && error && <Alert severity="error">{error}</Alert>}
      {withCode && (
        <>
          <TextInput
            label={t('auth.twoFactor.code')}
            name="one-time-code"
            value={code}
            onChange={(event) => {
              setCode(event.target.value)
              setError(null)
            }}
            autoComplete="one-time-code"
            autoFocus
            error={error !== null}
            helperText={error ?? t('auth.twoFactor.hint')}
            inputProps={{ maxLength: 32, spellCheck: false, autoCapitalize: 'none' }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={confirm.isPending}
            loadingPosition="start"
          >
            {t('auth.twoFactor.submit')}
          </Button>
        </>
      )}
      <Button onClick={() => onRestart(false)} disabled={confirm.isPending || passkey.isPending}>
        {t('auth.twoFactor.back')}
      </Button>
    </Stack>
  )
}

/** Said above the password form when the second step ran out. */
export function TwoFactorExpired() {
  const { t } = useTranslation()
  return <Alert severity="warning">{t('auth.twoFactor.expired')}</Alert>
}
