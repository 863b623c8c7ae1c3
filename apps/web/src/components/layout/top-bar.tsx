import MenuOpenRounded from '@mui/icons-material/MenuOpenRounded'
import MenuRounded from '@mui/icons-material/MenuRounded'
import SettingsRounded from '@mui/icons-material/SettingsRounded'
import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Toolbar from '@mui/material/Toolbar'
import Tooltip from '@mui/material/Tooltip'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { BrandLink } from './brand-link'
import { SIDE_MENU_ID } from './side-menu'

interface TopBarProps {
  /** Compact layout: the button opens the menu drawer instead of collapsing the sidebar. */
  compact: boolean
  menuExpanded: boolean
  onMenuToggle: () => void
  sessionActions: ReactNode
}

export function TopBar({ compact, menuExpanded, onMenuToggle, sessionActions }: TopBarProps) {
  const { t } = useTranslation()
  const menuLabel = compact
    ? t('shell.openMenu')
    : menuExpanded
      ? t('shell.collapseMenu')
      : t('shell.expandMenu')
  return (
    <AppBar
      position="fixed"
      sx={{
        // Above the permanent side menu; below the compact drawer, which then covers it.
        zIndex: (theme) => (compact ? theme.zIndex.appBar : theme.zIndex.drawer + 1),
        bgcolor: 'rgba(var(--mui-palette-background-paperChannel) / 0.92)',
        backdropFilter: 'blur(8px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          aria-label={menuLabel}
          aria-controls={SIDE_MENU_ID}
          aria-expanded={menuExpanded}
          onClick={onMenuToggle}
        >
          {!compact && menuExpanded ? <MenuOpenRounded /> : <MenuRounded />}
        </IconButton>
        <BrandLink />
        <Box sx={{ flexGrow: 1 }} />
        {sessionActions}
        <Tooltip title={t('shell.settings')}>
          <IconButton component={RouterLink} to="/account/settings" aria-label={t('shell.settings')}>
            <SettingsRounded />
          </IconButton>
        </Tooltip>
      </Toolbar>
    </AppBar>
  )
}
