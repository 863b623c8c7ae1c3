import DeleteForeverRounded from '@mui/icons-material/DeleteForeverRounded'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PasswordField } from '../../../components/ui/password-field'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { useDeleteAccount } from '../api/delete-account'
import { SettingsSection } from './settings-section'

export function DeleteAccountSection() {
  const { t } = useTranslation()
  const toast = useToast()
  const remove = useDeleteAccount()
  const titleId = useId()
  const [asking, setAsking] = useState(false)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)

  const close = () => {
    if (remove.isPending) return
    setAsking(false)
    setPassword('')
    setError(null)
  }
  const confirm = () => {
    if (!password) {
      setError(t('account.delete.passwordRequired'))
      return
    }
    remove.mutate(password, {
      onError: (failure) => {
        const refusal = failure instanceof ApiRequestError ? failure.fieldErrors.current_password : undefined
        if (refusal) {
          setError(refusal)
          return
        }
        close()
        toast.error(t('account.delete.failed'))
      },
    })
  }

  return (
    <SettingsSection title={t('account.delete.title')}>
      <Typography sx={{ mb: 2 }}>{t('account.delete.text')}</Typography>
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteForeverRounded />}
        onClick={() => setAsking(true)}
      >
        {t('account.delete.button')}
      </Button>
      <Dialog open={asking} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{t('account.delete.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('account.delete.confirmText')}</DialogContentText>
          <PasswordField
            label={t('account.delete.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            showLabel={t('auth.login.showPassword')}
            hideLabel={t('auth.login.hidePassword')}
            error={error !== null}
            helperText={error ?? undefined}
            autoFocus
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={remove.isPending}>
            {t('confirm.cancel')}
          </Button>
          <Button
            onClick={confirm}
            color="error"
            variant="contained"
            loading={remove.isPending}
            loadingPosition="start"
          >
            {t('account.delete.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </SettingsSection>
  )
}
