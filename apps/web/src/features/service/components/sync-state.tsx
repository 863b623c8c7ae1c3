import Alert from '@mui/material/Alert'
import CircularProgress from '@mui/material/CircularProgress'
import { useTranslation } from 'react-i18next'
import { domainMessage } from '../../../lib/domain-messages'
import type { ServiceSettingsView } from '../api/get-service-settings'

/** Whether the controller runs on what is shown: applied, waiting for it, or refused with its reason. */
export function SyncState({ view }: { view: ServiceSettingsView }) {
  const { t } = useTranslation()
  if (view.settings_version === 0) return <Alert severity="info">{t('service.unpaired')}</Alert>
  if (view.sync_status === 'pending') {
    return (
      <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} role="status">
        {t('service.sync.pending')}
      </Alert>
    )
  }
  if (view.sync_status === 'refused') {
    return (
      <Alert severity="error" role="status">
        {view.sync_reason
          ? t('service.sync.refused', { reason: domainMessage(view.sync_reason) })
          : t('service.sync.refusedNoReason')}
      </Alert>
    )
  }
  return (
    <Alert severity="success" role="status">
      {t('service.sync.synced')}
    </Alert>
  )
}
