import { effectiveRole } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoader } from '../../components/ui/page-loader'
import { useProfile } from '../../features/auth/api/get-profile'
import { FirmwareAdminScreen } from '../../features/firmware/components/firmware-admin-screen'
import { FirmwareOwnerScreen } from '../../features/firmware/components/firmware-owner-screen'

/** /update: administrators manage firmware and rollouts; everybody else sees their boilers' firmware (ADR 027). */
export function UpdateRoute() {
  const { t } = useTranslation()
  // The guard has loaded the profile before this screen shows.
  const profile = useProfile()
  if (!profile.data) return <PageLoader />
  const admin = effectiveRole(profile.data.roles) === 'admin'
  return (
    <>
      <PageHeader title={t('routes.update')} />
      {admin ? <FirmwareAdminScreen /> : <FirmwareOwnerScreen />}
    </>
  )
}
