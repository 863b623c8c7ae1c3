import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import { useTranslation } from 'react-i18next'
import { PageLoader } from '../../../components/ui/page-loader'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { useItem } from '../../../lib/items/get-item'
import { useDeviceTypes } from '../api/get-device-types'
import { EditDeviceForm } from './edit-device-form'

/** Loads the device and the types, then shows the edit form. */
export function EditDevicePage({ id, canHandOver = false }: { id: string; canHandOver?: boolean }) {
  const { t } = useTranslation()
  const device = useItem(id)
  const types = useDeviceTypes()
  if (device.isPending || types.isPending) return <PageLoader />
  if (device.isError) {
    return <RetryAlert onRetry={() => device.refetch()}>{t('devices.loadFailed')}</RetryAlert>
  }
  return (
    <Stack spacing={2}>
      {types.isError && <Alert severity="error">{t('devices.typesFailed')}</Alert>}
      <EditDeviceForm device={device.data} types={types.data ?? []} canHandOver={canHandOver} />
    </Stack>
  )
}
