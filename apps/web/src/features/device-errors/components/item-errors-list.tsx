import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { PageLoader } from '../../../components/ui/page-loader'
import { RetryAlert } from '../../../components/ui/retry-alert'
import type { Device } from '../../../lib/items/item-document'
import { useItemErrors } from '../api/get-item-errors'
import { toErrorRow } from '../utils/error-row'
import { ItemErrorsTable } from './item-errors-table'

export function ItemErrorsList({ device }: { device: Pick<Device, 'id' | 'name'> }) {
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
  return <ItemErrorsTable rows={errors.data.map((event) => toErrorRow(event))} deviceName={device.name} />
}
