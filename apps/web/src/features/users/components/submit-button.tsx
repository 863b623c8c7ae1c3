import Button from '@mui/material/Button'
import type { ReactNode } from 'react'

/** The button that saves one form of the user screens, at the form's start, with a spinner while it saves. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      loading={pending}
      loadingPosition="start"
      sx={{ alignSelf: 'flex-start' }}
    >
      {children}
    </Button>
  )
}
