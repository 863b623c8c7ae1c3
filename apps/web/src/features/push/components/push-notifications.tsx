import NotificationsActiveRounded from '@mui/icons-material/NotificationsActiveRounded'
import NotificationsOffRounded from '@mui/icons-material/NotificationsOffRounded'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { addScreenStrings } from '../../../lib/i18n'
import strings from '../../../locales/uk-push.json'
import { usePushNotifications } from '../hooks/use-push-notifications'

// The strings travel with the feature (it is part of the account settings screen's chunk).
addScreenStrings(strings, () => import('../../../locales/en-push.json'))

const isAppleMobile = () => /iPad|iPhone|iPod/.test(navigator.userAgent)

/** Web push on this device: its state in words, and the one action that fits it. */
export function PushNotifications() {
  const { t } = useTranslation()
  const { state, busy, failure, enable, disable, otherDevices } = usePushNotifications()

  const failureText =
    failure?.step === 'permission'
      ? t('push.permissionDismissed')
      : failure?.step === 'browser'
        ? t('push.browserFailed', { detail: failure.detail })
        : failure?.step === 'server'
          ? t('push.serverFailed', { detail: failure.detail })
          : null

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {state.kind === 'checking' && <Typography role="status">{t('push.checking')}</Typography>}
      {state.kind === 'unsupported' && (
        <Alert severity="info" sx={{ width: '100%' }}>
          {state.reason === 'insecure'
            ? t('push.insecure')
            : isAppleMobile()
              ? t('push.unsupportedIos')
              : t('push.unsupported')}
        </Alert>
      )}
      {state.kind === 'no-worker' && (
        <Alert severity="warning" sx={{ width: '100%' }}>
          {t('push.noWorker')}
        </Alert>
      )}
      {state.kind === 'denied' && (
        <Alert severity="warning" sx={{ width: '100%' }}>
          <strong>{t('push.denied')}</strong> {t('push.deniedHow')}
        </Alert>
      )}
      {state.kind === 'off' && <Typography>{t('push.off')}</Typography>}
      {state.kind === 'on' && (
        <Alert severity="success" icon={<NotificationsActiveRounded />} sx={{ width: '100%' }}>
          {t('push.on')}
        </Alert>
      )}
      {otherDevices > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('push.otherDevices', { count: otherDevices })}
        </Typography>
      )}
      {failureText && (
        <Alert severity="error" role="alert" sx={{ width: '100%', overflowWrap: 'anywhere' }}>
          {failureText}
        </Alert>
      )}
      {state.kind === 'off' && (
        <Button
          variant="contained"
          startIcon={<NotificationsActiveRounded />}
          onClick={() => void enable()}
          disabled={busy}
        >
          {t('push.enable')}
        </Button>
      )}
      {state.kind === 'on' && (
        <Button
          variant="outlined"
          startIcon={<NotificationsOffRounded />}
          onClick={() => void disable()}
          disabled={busy}
        >
          {t('push.disable')}
        </Button>
      )}
    </Stack>
  )
}
