import Alert from '@mui/material/Alert'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoader } from '../../components/ui/page-loader'
import { useDeviceTypes } from '../../features/devices/api/get-device-types'
import { BatchRegistrationForm } from '../../features/devices/components/batch-registration-form'

export function DeviceBatchRoute() {
  const { t } = useTranslation()
  const types = useDeviceTypes()
  return (
    <>
      <PageHeader title={t('routes.itemsBatch')} back={{ to: '/items', label: t('devices.back') }} />
      {types.isPending ? (
        <PageLoader />
      ) : types.isError ? (
        <Alert severity="error">{t('devices.typesFailed')}</Alert>
      ) : (
        <BatchRegistrationForm types={types.data} />
      )}
    </>
  )
}
