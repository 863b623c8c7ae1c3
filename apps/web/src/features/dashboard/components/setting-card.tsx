import InfoOutlined from '@mui/icons-material/InfoOutlined'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

interface SettingCardProps {
  title: string
  /** What the setting does: the info icon's tooltip, and its dialog when tapped. */
  info: string
  onEdit: () => void
  /** Archived devices cannot be changed. */
  editDisabled?: boolean
  children: ReactNode
}

/**
 * A dashboard card: title, an info icon that explains the setting (tooltip on hover and focus, a small dialog
 * on a tap, since phones have no hover) and a 'Змінити' link that opens the card's editor (ADR 015).
 */
export function SettingCard({ title, info, onEdit, editDisabled = false, children }: SettingCardProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const infoTitleId = useId()
  const [explaining, setExplaining] = useState(false)
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id={titleId} component="h2" variant="h3">
            {title}
          </Typography>
          <Tooltip title={info} describeChild>
            <IconButton
              size="small"
              aria-label={t('dashboard.about', { title })}
              aria-haspopup="dialog"
              onClick={() => setExplaining(true)}
            >
              <InfoOutlined fontSize="small" />
            </IconButton>
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
      <Dialog
        open={explaining}
        onClose={() => setExplaining(false)}
        aria-labelledby={infoTitleId}
        maxWidth="xs"
      >
        <DialogTitle id={infoTitleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{info}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setExplaining(false)} autoFocus>
            {t('dashboard.infoClose')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  )
}
