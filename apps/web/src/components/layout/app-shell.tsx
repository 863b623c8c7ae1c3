import Box from '@mui/material/Box'
import Drawer from '@mui/material/Drawer'
import { useTheme } from '@mui/material/styles'
import Toolbar from '@mui/material/Toolbar'
import useMediaQuery from '@mui/material/useMediaQuery'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AppFooter } from './app-footer'
import { BrandLink } from './brand-link'
import { ConnectionBanner } from './connection-banner'
import type { MenuEntry, MenuLabel } from './menu-entries'
import { SideMenu } from './side-menu'
import { SkipLink } from './skip-link'
import { TopBar } from './top-bar'

const MENU_WIDTH = 280
const MINI_MENU_WIDTH = 76
const MAIN_ID = 'main-content'

interface AppShellProps {
  children: ReactNode
  /** Sign-in link or sign-out button, supplied by the auth feature. */
  sessionActions: ReactNode
  /** The side-menu entries of the user's role. */
  menuEntries: readonly MenuEntry[]
  menuCounts?: Partial<Record<MenuLabel, number>>
}

/** Top bar, side menu, main area and footer; a temporary drawer below 992 px (spec: compact below 991 px). */
export function AppShell({ children, sessionActions, menuEntries, menuCounts }: AppShellProps) {
  const { t } = useTranslation()
  const theme = useTheme()
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true })
  const [collapsed, setCollapsed] = useState(false)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const menuWidth = collapsed ? MINI_MENU_WIDTH : MENU_WIDTH

  const paperStyle = {
    boxSizing: 'border-box',
    borderRight: 1,
    borderColor: 'divider',
    bgcolor: 'background.paper',
  } as const

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <SkipLink target={MAIN_ID} />
      <TopBar
        compact={!desktop}
        menuExpanded={desktop ? !collapsed : drawerOpen}
        onMenuToggle={() => (desktop ? setCollapsed((value) => !value) : setDrawerOpen(true))}
        sessionActions={sessionActions}
      />
      {desktop ? (
        <Drawer
          variant="permanent"
          // The menu's column runs the page's whole height with the menu's background (a tall page no longer shows
          // the page's colour under a menu fixed to the first screen); the menu itself stays in view (sticky).
          sx={{
            ...paperStyle,
            width: menuWidth,
            flexShrink: 0,
            transition: theme.transitions.create('width'),
            '& .MuiDrawer-paper': {
              boxSizing: 'border-box',
              border: 0,
              bgcolor: 'transparent',
              position: 'sticky',
              top: 0,
              height: '100dvh',
              width: '100%',
            },
          }}
        >
          <Toolbar />
          <SideMenu entries={menuEntries} counts={menuCounts} collapsed={collapsed} />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{ paper: { 'aria-label': t('menu.label') } }}
          sx={{ '& .MuiDrawer-paper': { ...paperStyle, width: MENU_WIDTH, maxWidth: '85vw' } }}
        >
          <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <BrandLink />
          </Box>
          <SideMenu
            entries={menuEntries}
            counts={menuCounts}
            collapsed={false}
            onNavigate={() => setDrawerOpen(false)}
          />
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, outline: 'none' }}
        >
          <ConnectionBanner />
          {children}
        </Box>
        <AppFooter />
      </Box>
    </Box>
  )
}
