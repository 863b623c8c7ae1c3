import AccountCircleRounded from '@mui/icons-material/AccountCircleRounded'
import LoginRounded from '@mui/icons-material/LoginRounded'
import LogoutRounded from '@mui/icons-material/LogoutRounded'
import Box from '@mui/material/Box'
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
      {/* On a phone only the icon: the top bar also holds the menu, language, bell, profile and settings. */}
      <Button
        onClick={() => logout.mutate()}
        loading={logout.isPending}
        loadingPosition="start"
        startIcon={<LogoutRounded />}
        color="inherit"
        aria-label={t('shell.logout')}
        sx={{
          minWidth: 0,
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('shell.logout')}
        </Box>
      </Button>
    </>
  )
}
