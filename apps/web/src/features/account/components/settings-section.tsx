import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { type ReactNode, useId } from 'react'

interface SettingsSectionProps {
  title: string
  /** Shown beside the title, e.g. an 'in development' mark. */
  badge?: ReactNode
  description?: string
  children: ReactNode
}

/** A titled card that is also a named region, so each form can be found by its title. */
export function SettingsSection({ title, badge, description, children }: SettingsSectionProps) {
  const titleId = useId()
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: description ? 0.5 : 2 }}
        >
          <Typography id={titleId} variant="h2">
            {title}
          </Typography>
          {badge}
        </Stack>
        {description && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {description}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  )
}
