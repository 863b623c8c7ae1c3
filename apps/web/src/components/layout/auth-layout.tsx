import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { VISUALLY_HIDDEN } from '../../lib/visually-hidden'
import { LanguageSwitch } from '../ui/language-switch'
import { BrandLink } from './brand-link'

/** Version label of the authentication screens (spec §1). */
export const AUTH_SCREENS_VERSION = '1.0.0'

/** Compact centred layout of the sign-in screens: no side menu, no settings. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        background:
          'radial-gradient(circle at 20% 0%, var(--mui-palette-tint-glow) 0%, transparent 45%), var(--mui-palette-background-default)',
      }}
    >
      <Box
        component="header"
        sx={{ position: 'relative', display: 'flex', justifyContent: 'center', pt: { xs: 3, sm: 5 }, pb: 2 }}
      >
        <BrandLink />
        <Box sx={{ position: 'absolute', top: { xs: 8, sm: 12 }, right: { xs: 8, sm: 16 } }}>
          <LanguageSwitch />
        </Box>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', px: 2, pb: 3 }}>
        <Card sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: '20px' }}>
          {children}
        </Card>
      </Box>
      <Box component="footer" sx={{ textAlign: 'center', pb: 3 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('app.name')} · {t('app.version', { version: AUTH_SCREENS_VERSION })}
        </Typography>
        {/* A new tab: a half-filled sign-up form stays as it is. */}
        <Link href="/terms" target="_blank" rel="noopener" variant="body2">
          {t('shell.terms')}
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {' '}
            {t('auth.register.termsOpens')}
          </Box>
        </Link>
      </Box>
    </Box>
  )
}
