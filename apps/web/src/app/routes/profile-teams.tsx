import { effectiveRole } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoader } from '../../components/ui/page-loader'
import { useProfile } from '../../features/auth/api/get-profile'
import { ProfileOverview } from '../../features/profile/components/profile-overview'

export function ProfileTeamsRoute() {
  const { t } = useTranslation()
  // The guard has loaded the profile before this screen shows.
  const profile = useProfile().data
  return (
    <>
      <PageHeader title={t('routes.profileTeams')} />
      {profile ? (
        <ProfileOverview
          profile={{
            id: profile.id,
            name: profile.name,
            email: profile.email,
            role: effectiveRole(profile.roles),
            createdAt: profile.created_at,
            picture: profile.profile_image,
          }}
        />
      ) : (
        <PageLoader />
      )}
    </>
  )
}
