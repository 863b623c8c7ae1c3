import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'

interface PageHeaderProps {
  title: string
  /** A link back to where the screen was opened from, above the title. */
  back?: { to: string; label: string }
  /** Buttons beside the title; they wrap below it on a phone. */
  actions?: ReactNode
}

/** The screen's h1 with its back link and main actions. */
export function PageHeader({ title, back, actions }: PageHeaderProps) {
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      {back && (
        <Button
          component={RouterLink}
          to={back.to}
          startIcon={<ArrowBackRounded />}
          size="small"
          sx={{ alignSelf: 'flex-start', ml: -1 }}
        >
          {back.label}
        </Button>
      )}
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Typography variant="h1">{title}</Typography>
        {actions}
      </Stack>
    </Stack>
  )
}
