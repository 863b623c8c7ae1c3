import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { AUTH_SCREENS_VERSION } from '../../../components/layout/auth-layout'
import { TEMPLATE_VARIANTS, type TemplateKind, type TemplateVariant, templatePath } from './template-variant'

interface TemplateFooterProps {
  kind: TemplateKind
  variant: TemplateVariant
}

/** Version label (spec §1) and links to the other layouts of the same screen. */
export function TemplateFooter({ kind, variant }: TemplateFooterProps) {
  const { t } = useTranslation()
  const color = 'text.secondary'
  return (
    <Stack component="footer" spacing={0.5} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
      <Box component="nav" aria-label={t('templates.variants')}>
        <Stack direction="row" spacing={2} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {TEMPLATE_VARIANTS.map((other) => (
            <li key={other}>
              <Link
                component={RouterLink}
                to={templatePath(kind, other)}
                aria-current={other === variant ? 'page' : undefined}
                variant="body2"
                sx={{ color, fontWeight: other === variant ? 700 : 400 }}
              >
                {t(`templates.variant.${other}`)}
              </Link>
            </li>
          ))}
        </Stack>
      </Box>
      <Typography variant="body2" sx={{ color }}>
        {t('app.name')} · {t('app.version', { version: AUTH_SCREENS_VERSION })}
      </Typography>
    </Stack>
  )
}
