import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDisableTotp } from '../api/totp'
import { PasswordStep, usePasswordRefusal } from './password-step'

/** Turning TOTP off asks for the password: a borrowed session must not remove the second factor. */
export function TotpDisableDialog({
  open,
  onClose,
  onDisabled,
}: {
  open: boolean
  onClose: () => void
  onDisabled: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const disable = useDisableTotp()
  const refusal = usePasswordRefusal()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    if (disable.isPending) return
    setPassword('')
    setError(null)
    onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!password) return setError(t('twoFactor.passwordRequired'))
    disable.mutate(password, {
      onSuccess: () => {
        setPassword('')
        onDisabled()
      },
      onError: (failure) => setError(refusal(failure)),
    })
  }
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('twoFactor.disable.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('twoFactor.disable.text')}</DialogContentText>
          <PasswordStep value={password} onChange={setPassword} error={error} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={disable.isPending}>
            {t('confirm.cancel')}
          </Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            loading={disable.isPending}
            loadingPosition="start"
          >
            {t('twoFactor.disable.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
