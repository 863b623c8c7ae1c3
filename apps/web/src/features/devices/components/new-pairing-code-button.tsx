import KeyRounded from '@mui/icons-material/KeyRounded'
import Button from '@mui/material/Button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import type { Device } from '../../../lib/items/item-document'
import { useNewPairingCode } from '../api/new-pairing-code'
import { VerificationCodeDialog } from './verification-code-dialog'

/** Re-pairing: a new code for a verified device (after a factory reset or a lost secret), shown once. */
export function NewPairingCodeButton({ device }: { device: Pick<Device, 'id' | 'name' | 'status'> }) {
  const { t } = useTranslation()
  const toast = useToast()
  const issue = useNewPairingCode()
  const [code, setCode] = useState<string | null>(null)
  if (device.status === 'pending' || device.status === 'archive') return null
  return (
    <>
      <Button
        startIcon={<KeyRounded />}
        disabled={issue.isPending}
        aria-label={t('devices.repair.buttonNamed', { name: device.name })}
        onClick={() =>
          issue.mutate(device.id, {
            onSuccess: setCode,
            onError: () => toast.error(t('devices.repair.failed')),
          })
        }
      >
        {t('devices.repair.button')}
      </Button>
      <VerificationCodeDialog
        code={code}
        onDone={() => setCode(null)}
        title={t('devices.repair.title')}
        text={t('devices.repair.text')}
      />
    </>
  )
}
