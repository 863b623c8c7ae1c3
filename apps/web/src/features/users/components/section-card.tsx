import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import { type ReactNode, useId } from 'react'

/** One titled part of the edit-user screen. */
export function SectionCard({ title, children }: { title?: string; children: ReactNode }) {
  const titleId = useId()
  return (
    <Card component="section" aria-labelledby={title ? titleId : undefined}>
      <CardContent>
        {title && (
          <Typography id={titleId} variant="h2" sx={{ mb: 2 }}>
            {title}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  )
}
