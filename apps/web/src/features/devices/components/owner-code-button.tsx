import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { formatDate } from '../../../lib/dates'
import type { Device } from '../../../lib/items/item-document'
import { type OwnerCode, useIssueOwnerCode } from '../api/issue-owner-code'

/** Handover: a code the new owner types with the serial («Додати пристрій») to take this paired device over. */
export function OwnerCodeButton({ device }: { device: Pick<Device, 'id' | 'name' | 'status'> }) {
  const { t } = useTranslation()
  const toast = useToast()
  const issue = useIssueOwnerCode()
  const titleId = useId()
  const [code, setCode] = useState<OwnerCode | null>(null)
  if (device.status === 'pending' || device.status === 'archive') return null
  return (
    <>
      <Button
        startIcon={<PersonAddAlt1Rounded />}
        disabled={issue.isPending}
        aria-label={t('devices.ownerCode.buttonNamed', { name: device.name })}
        onClick={() =>
          issue.mutate(device.id, {
            onSuccess: setCode,
            onError: () => toast.error(t('devices.ownerCode.failed')),
          })
        }
      >
        {t('devices.ownerCode.button')}
      </Button>
      <Dialog
        open={code !== null}
        onClose={() => setCode(null)}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={titleId}>{t('devices.ownerCode.title', { name: device.name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('devices.ownerCode.serial')}: <strong>{code?.serial_number}</strong>
          </Typography>
          <Box
            data-testid="owner-code"
            sx={{
              my: 1.5,
              py: 1.5,
              textAlign: 'center',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: '1.75rem',
              fontWeight: 700,
              letterSpacing: '0.2em',
              borderRadius: 1,
              bgcolor: 'tint.accentBg',
              color: 'tint.accentText',
            }}
          >
            {code?.code}
          </Box>
          <Typography>
            {t('devices.ownerCode.text', { date: code ? formatDate(code.expires_at) : '' })}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={() => setCode(null)} autoFocus>
            {t('devices.ownerCode.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  )
}
