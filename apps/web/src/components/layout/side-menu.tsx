import Badge from '@mui/material/Badge'
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
import type { MenuEntry, MenuLabel } from './menu-entries'

export const SIDE_MENU_ID = 'app-side-menu'

interface SideMenuProps {
  /** The entries the user's role may open. */
  entries: readonly MenuEntry[]
  /** Numbers that need attention beside an entry (active faults beside the errors). */
  counts?: Partial<Record<MenuLabel, number>>
  /** Icons only: labels move to tooltips and accessible names. */
  collapsed: boolean
  onNavigate?: () => void
}

export function SideMenu({ entries, counts = {}, collapsed, onNavigate }: SideMenuProps) {
  const { t } = useTranslation()
  return (
    <Box component="nav" id={SIDE_MENU_ID} aria-label={t('menu.label')} sx={{ py: 1 }}>
      <List sx={{ px: 1.5 }}>
        {entries.map(({ to, label, Icon }) => {
          const count = counts[label] ?? 0
          const text = count > 0 ? `${t(`menu.${label}`)}, ${t('menu.count', { count })}` : t(`menu.${label}`)
          return (
            <ListItem key={to} disablePadding sx={{ mb: 0.5 }}>
              <Tooltip title={collapsed ? text : ''} placement="right">
                <ListItemButton
                  component={NavLink}
                  to={to}
                  onClick={onNavigate}
                  aria-label={collapsed || count > 0 ? text : undefined}
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
                    {collapsed && count > 0 ? (
                      <Badge badgeContent={count} color="error" aria-hidden>
                        <Icon />
                      </Badge>
                    ) : (
                      <Icon />
                    )}
                  </ListItemIcon>
                  {!collapsed && <ListItemText primary={t(`menu.${label}`)} />}
                  {!collapsed && count > 0 && (
                    <Box
                      component="span"
                      aria-hidden
                      sx={{
                        ml: 1,
                        px: 1,
                        minWidth: 24,
                        borderRadius: 12,
                        bgcolor: 'error.main',
                        color: 'error.contrastText',
                        fontWeight: 700,
                        fontSize: 13,
                        lineHeight: '22px',
                        textAlign: 'center',
                      }}
                    >
                      {count}
                    </Box>
                  )}
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
