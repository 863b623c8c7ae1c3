import InfoOutlined from '@mui/icons-material/InfoOutlined'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'

interface SettingCardProps {
  title: string
  /** What the setting does; the info icon's tooltip. */
  info: string
  onEdit: () => void
  /** Archived devices cannot be changed. */
  editDisabled?: boolean
  children: ReactNode
}

/** A dashboard card: title, an info icon and a 'Змінити' link, both opening the card's modal. */
export function SettingCard({ title, info, onEdit, editDisabled = false, children }: SettingCardProps) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id={titleId} component="h2" variant="h3">
            {title}
          </Typography>
          <Tooltip title={info}>
            <span>
              <IconButton
                size="small"
                aria-label={t('dashboard.about', { title })}
                onClick={onEdit}
                disabled={editDisabled}
              >
                <InfoOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
        <Stack spacing={1} sx={{ flexGrow: 1, justifyContent: 'center' }}>
          {children}
        </Stack>
        <Link
          component="button"
          type="button"
          onClick={onEdit}
          disabled={editDisabled}
          aria-label={`${t('dashboard.change')}: ${title}`}
          sx={{
            alignSelf: 'flex-start',
            fontWeight: 600,
            '&:disabled': { color: 'text.disabled', cursor: 'default' },
          }}
        >
          {t('dashboard.change')}
        </Link>
      </CardContent>
    </Card>
  )
}
