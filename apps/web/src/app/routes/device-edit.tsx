import Alert from '@mui/material/Alert'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { EditDevicePage } from '../../features/devices/components/edit-device-page'

export function DeviceEditRoute() {
  const { t } = useTranslation()
  const { id } = useParams()
  return (
    <>
      <PageHeader title={t('routes.itemsEdit')} back={{ to: '/items', label: t('devices.back') }} />
      {id ? <EditDevicePage key={id} id={id} /> : <Alert severity="error">{t('devices.form.noId')}</Alert>}
    </>
  )
}
