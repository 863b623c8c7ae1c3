import { effectiveRole } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui/page-header'
import { useProfile } from '../../features/auth/api/get-profile'
import { DeviceErrorsPanel } from '../../features/device-errors/components/device-errors-panel'

export function DeviceErrorsRoute() {
  const { t } = useTranslation()
  // Administrators look after every account's boilers (spec §6: admin manages item errors).
  const profile = useProfile()
  const admin = profile.data ? effectiveRole(profile.data.roles) === 'admin' : false
  return (
    <>
      <PageHeader title={t('routes.itemErrors')} />
      <DeviceErrorsPanel everyone={admin} />
    </>
  )
}
