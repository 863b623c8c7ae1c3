import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { type ReactNode, useId } from 'react'

/** A titled part of the help page. */
export function FaqSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId()
  return (
    <Stack component="section" aria-labelledby={titleId} spacing={2}>
      <Typography id={titleId} component="h2" variant="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  )
}
