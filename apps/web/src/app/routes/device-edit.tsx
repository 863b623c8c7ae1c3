import Alert from '@mui/material/Alert'
import { effectiveRole } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { useProfile } from '../../features/auth/api/get-profile'
import { EditDevicePage } from '../../features/devices/components/edit-device-page'

export function DeviceEditRoute() {
  const { t } = useTranslation()
  const { id } = useParams()
  // The guard has loaded the profile before this screen shows.
  const profile = useProfile()
  const admin = profile.data ? effectiveRole(profile.data.roles) === 'admin' : false
  return (
    <>
      <PageHeader title={t('routes.itemsEdit')} back={{ to: '/items', label: t('devices.back') }} />
      {id ? (
        <EditDevicePage key={id} id={id} canHandOver={admin} />
      ) : (
        <Alert severity="error">{t('devices.form.noId')}</Alert>
      )}
    </>
  )
}
