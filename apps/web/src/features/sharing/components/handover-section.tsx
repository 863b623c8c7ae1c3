import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { INVITATION_LIFETIME_DAYS } from '@teplo/domain'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextInput } from '../../../components/ui/text-input'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { refusalMessage } from '../../../lib/refusal-message'
import { useCreateShare, useShares } from '../api/shares'
import type { SharedDevice } from './shared-device'

/**
 * «Передати власність»: not an access level but handing the boiler to another account (ADR 033, 048). The dialog says
 * what the server does once the new owner accepts, and the giving side confirms that it understands.
 */
export function HandoverSection({ device }: { device: SharedDevice }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const headingId = useId()
  return (
    <Stack component="section" spacing={1} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3">
        {t('handover.giveTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('handover.giveIntro')}
      </Typography>
      <div>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {t('handover.giveOpen')}
        </Button>
      </div>
      {open && <HandoverDialog device={device} onClose={() => setOpen(false)} />}
    </Stack>
  )
}

function HandoverDialog({ device, onClose }: { device: SharedDevice; onClose: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const create = useCreateShare(device.id)
  const shares = useShares(device.id)
  const [email, setEmail] = useState('')
  const [understood, setUnderstood] = useState(false)
  const titleId = useId()
  const fieldError = create.error instanceof ApiRequestError ? create.error.fieldErrors.email : undefined
  const others = shares.data?.length ?? 0
  const owner = device.access === 'owner'
  const consequences = [
    t('handover.giveLetter', { days: INVITATION_LIFETIME_DAYS }),
    owner ? t('handover.giveYouLose') : t('handover.giveOwnerLoses'),
    others > 0 ? t('handover.giveSharesEnd', { count: others }) : t('handover.giveNoShares'),
    t('handover.giveOffersLapse'),
    t('handover.giveKept'),
  ]
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate(
      { email, access: 'owner' },
      {
        onSuccess: () => {
          toast.success(t('sharing.invite.offered', { email: email.trim().toLowerCase() }))
          onClose()
        },
        onError: (error) => {
          if (!(error instanceof ApiRequestError && error.fieldErrors.email))
            toast.error(refusalMessage(error, t('sharing.invite.failed')))
        },
      },
    )
  }
  return (
    <Dialog
      open
      onClose={() => !create.isPending && onClose()}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('handover.giveDialogTitle', { name: device.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextInput
              label={t('handover.giveEmail')}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={Boolean(fieldError)}
              helperText={fieldError}
            />
            <Alert severity="warning" data-testid="handover-consequences">
              <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                {t('handover.giveWhat')}
              </Typography>
              <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
                {consequences.map((line) => (
                  <li key={line}>
                    <Typography variant="body2">{line}</Typography>
                  </li>
                ))}
              </ul>
            </Alert>
            <FormControlLabel
              control={
                <Checkbox checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />
              }
              label={owner ? t('handover.giveUnderstood') : t('handover.giveUnderstoodAdmin')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('handover.giveCancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            loading={create.isPending}
            disabled={!understood || email.trim() === ''}
          >
            {t('handover.giveConfirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
