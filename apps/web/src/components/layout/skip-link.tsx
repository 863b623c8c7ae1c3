import Link from '@mui/material/Link'
import { useTranslation } from 'react-i18next'

/** First focusable element: lets keyboard users jump past the menu. */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation()
  return (
    <Link
      href={`#${target}`}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus-visible, &:focus': { transform: 'none' },
      }}
    >
      {t('app.skipToContent')}
    </Link>
  )
}
