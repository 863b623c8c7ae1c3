import { effectiveRole } from '@teplo/domain'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoader } from '../../components/ui/page-loader'
import { useProfile } from '../../features/auth/api/get-profile'

// Each view is its own chunk: an owner never loads the administrators' forms, and the shell's list of what to
// preload for this route stays short.
const FirmwareAdminScreen = lazy(async () => ({
  default: (await import('../../features/firmware/components/firmware-admin-screen')).FirmwareAdminScreen,
}))
const FirmwareOwnerScreen = lazy(async () => ({
  default: (await import('../../features/firmware/components/firmware-owner-screen')).FirmwareOwnerScreen,
}))

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
      <Suspense fallback={<PageLoader />}>
        {admin ? <FirmwareAdminScreen /> : <FirmwareOwnerScreen />}
      </Suspense>
    </>
  )
}
