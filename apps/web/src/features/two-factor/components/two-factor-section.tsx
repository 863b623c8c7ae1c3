import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Divider from '@mui/material/Divider'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { TwoFactorStatus } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { addScreenStrings } from '../../../lib/i18n'
import strings from '../../../locales/uk-two-factor.json'
import { PasskeysSection } from './passkeys-section'
import { TotpDisableDialog } from './totp-disable-dialog'
import { TotpSetupDialog } from './totp-setup-dialog'

addScreenStrings(strings, () => import('../../../locales/en-two-factor.json'))

interface TwoFactorSectionProps {
  status: TwoFactorStatus
  /** The profile changed: read it again. */
  onChanged: () => void
}

/**
 * Two-factor sign-in in account settings (ADR 041): turn the authenticator app on (QR code, key, first code,
 * recovery codes) or off (with the password), and the account's passkeys. Placed in its section card by app/ (titled `twoFactor.title`).
 */
export function TwoFactorSection({ status, onChanged }: TwoFactorSectionProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const [dialog, setDialog] = useState<'setup' | 'disable' | null>(null)
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {status.totp ? (
        <>
          <Chip color="success" label={t('twoFactor.on')} />
          <Typography>{t('twoFactor.codesLeft', { count: status.recovery_codes_left })}</Typography>
          <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>
            {t('twoFactor.disable.button')}
          </Button>
        </>
      ) : (
        <>
          <Typography>{t('twoFactor.offText')}</Typography>
          <Button variant="contained" onClick={() => setDialog('setup')}>
            {t('twoFactor.enable')}
          </Button>
        </>
      )}
      <Divider flexItem />
      <PasskeysSection onChanged={onChanged} />
      <TotpSetupDialog open={dialog === 'setup'} onClose={() => setDialog(null)} onEnabled={onChanged} />
      <TotpDisableDialog
        open={dialog === 'disable'}
        onClose={() => setDialog(null)}
        onDisabled={() => {
          setDialog(null)
          toast.success(t('twoFactor.disable.done'))
          onChanged()
        }}
      />
    </Stack>
  )
}
