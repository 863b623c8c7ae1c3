import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { PageLoader } from '../../../components/ui/page-loader'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { deviceAccessLabel, deviceAllows } from '../../../lib/items/device-abilities'
import type { Device } from '../../../lib/items/item-document'
import { useItemErrors } from '../api/get-item-errors'
import { toErrorRow } from '../utils/error-row'
import { ItemErrorsTable } from './item-errors-table'

export function ItemErrorsList({ device }: { device: Pick<Device, 'id' | 'name' | 'access'> }) {
  const { t } = useTranslation()
  const errors = useItemErrors(device.id)

  if (errors.isPending) return <PageLoader />
  if (errors.isError) {
    return <RetryAlert onRetry={() => errors.refetch()}>{t('deviceErrors.loadFailed')}</RetryAlert>
  }
  if (errors.data.length === 0) {
    return (
      <Typography role="status" sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
        {t('deviceErrors.empty')}
      </Typography>
    )
  }
  // Someone who only watches the device is told why there is nothing to archive, not offered a refusal.
  const archives = deviceAllows(device, 'operate')
  return (
    <>
      {!archives && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('deviceErrors.viewOnly', { level: deviceAccessLabel(device) })}
        </Typography>
      )}
      <ItemErrorsTable
        rows={errors.data.map((event) => toErrorRow(event))}
        deviceName={device.name}
        archives={archives}
      />
    </>
  )
}
