import AccountCircleRounded from '@mui/icons-material/AccountCircleRounded'
import LoginRounded from '@mui/icons-material/LoginRounded'
import LogoutRounded from '@mui/icons-material/LogoutRounded'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { useAccessToken } from '../../../lib/auth-token'
import { type BeforeSignOut, useLogout } from '../api/logout'

/**
 * Top-bar session control: 'Вхід' when signed out; the profile link and 'Вихід' when signed in. `beforeSignOut`
 * ends what this device holds for the account (its web push subscription) before the token is revoked.
 */
export function SessionActions({ beforeSignOut }: { beforeSignOut?: BeforeSignOut }) {
  const { t } = useTranslation()
  const token = useAccessToken()
  const logout = useLogout(beforeSignOut)
  if (!token) {
    return (
      <Button component={RouterLink} to="/login" startIcon={<LoginRounded />}>
        {t('shell.signIn')}
      </Button>
    )
  }
  return (
    <>
      <Tooltip title={t('routes.profileTeams')}>
        <IconButton component={RouterLink} to="/pages/profile/teams" aria-label={t('routes.profileTeams')}>
          <AccountCircleRounded />
        </IconButton>
      </Tooltip>
      <Button
        onClick={() => logout.mutate()}
        loading={logout.isPending}
        loadingPosition="start"
        startIcon={<LogoutRounded />}
        color="inherit"
      >
        {t('shell.logout')}
      </Button>
    </>
  )
}
