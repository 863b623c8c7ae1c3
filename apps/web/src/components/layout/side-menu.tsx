import Box from '@mui/material/Box'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Tooltip from '@mui/material/Tooltip'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { HelpCard } from './help-card'
import { MENU_ENTRIES } from './menu-entries'

export const SIDE_MENU_ID = 'app-side-menu'

interface SideMenuProps {
  /** Icons only: labels move to tooltips and accessible names. */
  collapsed: boolean
  onNavigate?: () => void
}

export function SideMenu({ collapsed, onNavigate }: SideMenuProps) {
  const { t } = useTranslation()
  return (
    <Box component="nav" id={SIDE_MENU_ID} aria-label={t('menu.label')} sx={{ py: 1 }}>
      <List sx={{ px: 1.5 }}>
        {MENU_ENTRIES.map(({ to, label, Icon }) => {
          const text = t(`menu.${label}`)
          return (
            <ListItem key={to} disablePadding sx={{ mb: 0.5 }}>
              <Tooltip title={collapsed ? text : ''} placement="right">
                <ListItemButton
                  component={NavLink}
                  to={to}
                  onClick={onNavigate}
                  aria-label={collapsed ? text : undefined}
                  sx={{
                    borderRadius: '10px',
                    minHeight: 44,
                    px: 1.5,
                    justifyContent: collapsed ? 'center' : 'flex-start',
                    '&.active': { bgcolor: 'info.main', color: 'info.contrastText' },
                    '&.active:hover': { bgcolor: 'info.dark' },
                    '&.active .MuiListItemIcon-root': { color: 'inherit' },
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 1.5, color: 'text.secondary' }}>
                    <Icon />
                  </ListItemIcon>
                  {!collapsed && <ListItemText primary={text} />}
                </ListItemButton>
              </Tooltip>
            </ListItem>
          )
        })}
      </List>
      {!collapsed && <HelpCard onNavigate={onNavigate} />}
    </Box>
  )
}
