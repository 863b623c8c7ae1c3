import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BrandLink } from '../../../components/layout/brand-link'
import { BoilerIllustration } from './boiler-illustration'
import { TemplateFooter } from './template-footer'
import type { TemplateKind, TemplateVariant } from './template-variant'

interface TemplateLayoutProps {
  kind: TemplateKind
  variant: TemplateVariant
  children: ReactNode
}

// Dark enough everywhere for white text (contrast above 4.5:1); the glow stays clear of the text.
const WARM_GRADIENT =
  'radial-gradient(circle at 92% 8%, rgba(251, 146, 60, 0.55), transparent 30%), linear-gradient(135deg, #431407 0%, #7c2d12 50%, #c2410c 100%)'

const formCard = { width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: '20px' } as const

/** The three layouts of the authentication screens: a centred card, a card over a cover, a split screen. */
export function TemplateLayout({ kind, variant, children }: TemplateLayoutProps) {
  if (variant === 'cover') return <CoverLayout kind={kind}>{children}</CoverLayout>
  if (variant === 'illustration') return <IllustrationLayout kind={kind}>{children}</IllustrationLayout>
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Box component="header" sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 3, sm: 5 }, pb: 2 }}>
        <BrandLink />
      </Box>
      <Box component="main" sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', px: 2 }}>
        <Card sx={formCard}>{children}</Card>
      </Box>
      <TemplateFooter kind={kind} variant="basic" />
    </Box>
  )
}

function CoverLayout({ kind, children }: { kind: TemplateKind; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Box
        component="header"
        sx={{
          background: WARM_GRADIENT,
          color: '#fff',
          textAlign: 'center',
          px: 2,
          pt: { xs: 3, sm: 5 },
          pb: { xs: 12, sm: 16 },
          '& a': { color: '#fff' },
        }}
      >
        <BrandLink />
        <Typography component="p" variant="h2" sx={{ mt: 3 }}>
          {t('templates.cover.title')}
        </Typography>
        <Typography sx={{ mt: 1, opacity: 0.92, maxWidth: 520, mx: 'auto' }}>
          {t('templates.cover.text')}
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', px: 2, mt: { xs: -9, sm: -12 } }}
      >
        <Card sx={{ ...formCard, alignSelf: 'flex-start', boxShadow: '0 24px 48px rgba(124, 45, 18, 0.18)' }}>
          {children}
        </Card>
      </Box>
      <TemplateFooter kind={kind} variant="cover" />
    </Box>
  )
}

function IllustrationLayout({ kind, children }: { kind: TemplateKind; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        bgcolor: 'background.paper',
      }}
    >
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 3,
          p: 6,
          m: 2,
          borderRadius: '24px',
          background: WARM_GRADIENT,
          color: '#fff',
          textAlign: 'center',
        }}
      >
        <BoilerIllustration />
        <Typography component="p" variant="h2">
          {t('templates.cover.title')}
        </Typography>
        <Typography sx={{ opacity: 0.92, maxWidth: 420 }}>{t('templates.cover.text')}</Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <Box component="header" sx={{ px: { xs: 3, sm: 6 }, pt: { xs: 3, sm: 5 } }}>
          <BrandLink />
        </Box>
        <Box
          component="main"
          sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', px: { xs: 3, sm: 6 }, py: 3 }}
        >
          <Box sx={{ width: '100%', maxWidth: 420 }}>{children}</Box>
        </Box>
        <TemplateFooter kind={kind} variant="illustration" />
      </Box>
    </Box>
  )
}
