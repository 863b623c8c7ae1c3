import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react'
import { HelpRequestContext } from '../../../components/layout/help-request-context'
import { retryImport } from '../../../lib/retry-import'

// The modal's code loads when someone first asks for help, not with the shell.
const HelpRequestDialog = lazy(async () => ({
  default: (await retryImport(() => import('./help-request-dialog'))).HelpRequestDialog,
}))

/** Lets the side menu card (and the help page) open the help modal. */
export function HelpRequestProvider({ children }: { children: ReactNode }) {
  const [requested, setRequested] = useState(false)
  const [open, setOpen] = useState(false)
  const openHelpRequest = useCallback(() => {
    setRequested(true)
    setOpen(true)
  }, [])
  return (
    <HelpRequestContext value={openHelpRequest}>
      {children}
      {requested && (
        <Suspense fallback={null}>
          <HelpRequestDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </HelpRequestContext>
  )
}
