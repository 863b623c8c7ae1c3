import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/** A screen's content while it loads: a spinner and what is being loaded, announced politely. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 6 }}>
      <CircularProgress aria-hidden />
      <Typography>{children}</Typography>
    </Stack>
  )
}
