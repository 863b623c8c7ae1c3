import LockRounded from '@mui/icons-material/LockRounded'
import Avatar from '@mui/material/Avatar'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PasswordField } from '../../../components/ui/password-field'
import { ApiRequestError } from '../../../lib/api-client'
import { useCheckPassword } from '../../../lib/check-password'
import { failureMessage } from '../../../lib/failure-message'
import { useProfile } from '../api/get-profile'

/** Lock screen: the signed-in user's name and a password that the server must confirm before going on. */
export function LockForm({ onUnlock }: { onUnlock: () => void }) {
  const { t } = useTranslation()
  // The route's guard has loaded the profile before this shows.
  const profile = useProfile().data
  const check = useCheckPassword()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!password) {
      setError(t('auth.lock.required'))
      return
    }
    check.mutate(password, {
      onSuccess: onUnlock,
      onError: (failure) =>
        setError(
          failure instanceof ApiRequestError && failure.status === 401
            ? t('auth.lock.wrong')
            : failureMessage(failure, { generic: t('errors.generic'), network: t('errors.network') }),
        ),
    })
  }

  const name = profile?.name ?? ''
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ alignItems: 'stretch' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Avatar
          src={profile?.profile_image ?? undefined}
          alt=""
          sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: '1.75rem' }}
        >
          {name.trim().charAt(0).toUpperCase() || <LockRounded />}
        </Avatar>
        <Typography variant="h1">{name}</Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('auth.lock.subtitle')}</Typography>
      </Stack>
      <PasswordField
        label={t('auth.login.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value)
          setError(null)
        }}
        error={error !== null}
        helperText={error ?? undefined}
        showLabel={t('auth.login.showPassword')}
        hideLabel={t('auth.login.hidePassword')}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={check.isPending}
        loadingPosition="start"
      >
        {t('auth.lock.submit')}
      </Button>
    </Stack>
  )
}
