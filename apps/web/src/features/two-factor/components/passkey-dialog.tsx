import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextInput } from '../../../components/ui/text-input'
import { ApiRequestError } from '../../../lib/api-client'
import { PasswordStep, usePasswordRefusal } from './password-step'

interface PasskeyDialogProps {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  /** Adding asks for a name to tell the passkey apart; removing does not. */
  withName?: boolean
  danger?: boolean
  busy: boolean
  onClose: () => void
  onConfirm: (input: { password: string; name: string }, fail: (error: unknown) => void) => void
}

/** The password (and a name when adding) before a passkey is added or removed. */
export function PasskeyDialog(props: PasskeyDialogProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const refusal = usePasswordRefusal()
  const [password, setPassword] = useState('')
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    if (props.busy) return
    setPassword('')
    setName('')
    setError(null)
    props.onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!password) return setError(t('twoFactor.passwordRequired'))
    setError(null)
    props.onConfirm({ password, name }, (failure) =>
      // The browser's own refusals (cancelled, no authenticator) are no server answer.
      setError(failure instanceof ApiRequestError ? refusal(failure) : t('twoFactor.passkeys.browserFailed')),
    )
  }
  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{props.text}</DialogContentText>
            {props.withName && (
              <TextInput
                label={t('twoFactor.passkeys.name')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                placeholder={t('twoFactor.passkeys.namePlaceholder')}
                inputProps={{ maxLength: 100 }}
              />
            )}
            <PasswordStep value={password} onChange={setPassword} error={error} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={props.busy}>
            {t('confirm.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={props.danger ? 'error' : 'primary'}
            loading={props.busy}
            loadingPosition="start"
          >
            {props.confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
