import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextInput } from '../../../components/ui/text-input'
import { ApiRequestError } from '../../../lib/api-client'
import { failureMessage } from '../../../lib/failure-message'
import { useConfirmTotp, useStartTotpSetup } from '../api/totp'
import { PasswordStep, usePasswordRefusal } from './password-step'
import { QrCode } from './qr-code'
import { RecoveryCodes } from './recovery-codes'

type Step =
  | { kind: 'password' }
  | { kind: 'scan'; uri: string; secret: string }
  | { kind: 'codes'; codes: string[] }

interface TotpSetupDialogProps {
  open: boolean
  onClose: () => void
  /** Two-factor sign-in is on now (the recovery codes are still on screen). */
  onEnabled: () => void
}

/** Turning TOTP on: the password, then the QR code (and the key as text) and a code, then the recovery codes. */
export function TotpSetupDialog({ open, onClose, onEnabled }: TotpSetupDialogProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const start = useStartTotpSetup()
  const confirm = useConfirmTotp()
  const passwordRefusal = usePasswordRefusal()
  const [step, setStep] = useState<Step>({ kind: 'password' })
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const busy = start.isPending || confirm.isPending

  const close = () => {
    if (busy) return
    setStep({ kind: 'password' })
    setPassword('')
    setCode('')
    setError(null)
    onClose()
  }
  const next = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    if (step.kind === 'password') {
      if (!password) return setError(t('twoFactor.passwordRequired'))
      start.mutate(password, {
        onSuccess: (setup) => setStep({ kind: 'scan', ...setup }),
        onError: (failure) => setError(passwordRefusal(failure)),
      })
    } else if (step.kind === 'scan') {
      if (!/^\d{6}$/.test(code.trim())) return setError(t('twoFactor.setup.codeRequired'))
      confirm.mutate(code.trim(), {
        onSuccess: (codes) => {
          setStep({ kind: 'codes', codes })
          onEnabled()
        },
        onError: (failure) =>
          setError(
            (failure instanceof ApiRequestError ? failure.fieldErrors.code : undefined) ??
              failureMessage(failure, { generic: t('errors.generic'), network: t('errors.network') }),
          ),
      })
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={next}>
        <DialogTitle id={titleId}>
          {step.kind === 'codes' ? t('twoFactor.codes.title') : t('twoFactor.setup.title')}
        </DialogTitle>
        <DialogContent>
          {step.kind === 'password' && (
            <Stack spacing={2}>
              <DialogContentText>{t('twoFactor.setup.passwordText')}</DialogContentText>
              <PasswordStep value={password} onChange={setPassword} error={error} />
            </Stack>
          )}
          {step.kind === 'scan' && (
            <Stack spacing={2}>
              <DialogContentText>{t('twoFactor.setup.scanText')}</DialogContentText>
              <QrCode text={step.uri} label={t('twoFactor.setup.qrLabel')} />
              <div>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('twoFactor.setup.manual')}
                </Typography>
                <Typography
                  data-testid="totp-secret"
                  sx={{ fontFamily: 'monospace', fontSize: '1.05rem', overflowWrap: 'anywhere' }}
                >
                  {step.secret.replace(/(.{4})/g, '$1 ').trim()}
                </Typography>
              </div>
              <TextInput
                label={t('twoFactor.setup.code')}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value)
                  setError(null)
                }}
                autoComplete="one-time-code"
                inputProps={{ inputMode: 'numeric', maxLength: 6 }}
                error={error !== null}
                helperText={error ?? undefined}
                autoFocus
              />
            </Stack>
          )}
          {step.kind === 'codes' && <RecoveryCodes codes={step.codes} />}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {step.kind === 'codes' ? (
            <Button variant="contained" onClick={close}>
              {t('twoFactor.codes.done')}
            </Button>
          ) : (
            <>
              <Button onClick={close} disabled={busy}>
                {t('confirm.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={busy} loadingPosition="start">
                {step.kind === 'password' ? t('twoFactor.setup.next') : t('twoFactor.setup.confirm')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  )
}
