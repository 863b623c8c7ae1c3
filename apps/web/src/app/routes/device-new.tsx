import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { useProfile } from '../../features/auth/api/get-profile'
import { NewDevicePage } from '../../features/devices/components/new-device-page'

export function DeviceNewRoute() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  // The guard has loaded the profile before this screen shows.
  const profile = useProfile()
  const me = profile.data ? { id: profile.data.id, name: profile.data.name, email: profile.data.email } : null
  return (
    <>
      <PageHeader title={t('routes.itemsNew')} back={{ to: '/items', label: t('devices.back') }} />
      <NewDevicePage defaultOwner={me} onDone={() => navigate('/items')} />
    </>
  )
}
