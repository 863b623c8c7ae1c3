import Avatar from '@mui/material/Avatar'
import Card from '@mui/material/Card'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ProfileAttributes } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../lib/dates'

export interface ProfileSummary extends Pick<ProfileAttributes, 'name' | 'email'> {
  id: string
  role: string
  createdAt: ProfileAttributes['created_at']
  picture: ProfileAttributes['profile_image']
}

/** Who is signed in: picture, name, e-mail, role and since when. */
export function ProfileCard({ profile }: { profile: ProfileSummary }) {
  const { t } = useTranslation()
  const facts = [
    { label: t('profile.email'), value: profile.email },
    { label: t('profile.role'), value: profile.role },
    { label: t('profile.memberSince'), value: formatDate(profile.createdAt) },
  ]
  return (
    <Card component="section" aria-labelledby="profile-name" sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar
          src={profile.picture ?? undefined}
          alt={profile.picture ? t('profile.pictureAlt', { name: profile.name }) : undefined}
          sx={{ width: 96, height: 96, fontSize: '2.5rem', bgcolor: 'primary.main' }}
        >
          {profile.name.trim().charAt(0).toUpperCase()}
        </Avatar>
        <Stack spacing={1.5} sx={{ minWidth: 0 }}>
          <Typography id="profile-name" variant="h2" sx={{ overflowWrap: 'anywhere' }}>
            {profile.name}
          </Typography>
          <Stack component="dl" direction={{ xs: 'column', md: 'row' }} sx={{ m: 0, gap: { xs: 1, md: 4 } }}>
            {facts.map((fact) => (
              <div key={fact.label}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {fact.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {fact.value}
                </Typography>
              </div>
            ))}
          </Stack>
        </Stack>
      </Stack>
    </Card>
  )
}
