import Stack from '@mui/material/Stack'
import { ProfileCard, type ProfileSummary } from './profile-card'
import { ProfileDevices } from './profile-devices'

/** The profile page: the real account and its devices, nothing invented around them. */
export function ProfileOverview({ profile }: { profile: ProfileSummary }) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <ProfileCard profile={profile} />
      <ProfileDevices userId={profile.id} />
    </Stack>
  )
}
