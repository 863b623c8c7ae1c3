import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ToastProvider } from '../components/ui/toast-provider'
// The domain's messages (form validation now, English when chosen) are registered before any screen renders one.
import '../lib/domain-messages'
import { currentLanguage } from '../lib/i18n'
import { createQueryClient } from '../lib/query-client'
import { onServerRecovered } from '../lib/server-reachability'
import { themeFor } from './theme'

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  // Renders again when the language changes, so MUI's own texts follow it.
  useTranslation()
  // Once the server answers again, every screen re-reads what it shows: no waiting for the next poll.
  useEffect(() => onServerRecovered(() => void queryClient.invalidateQueries()), [queryClient])
  return (
    <QueryClientProvider client={queryClient}>
      {/* The scheme was set on <html> before the first paint (/color-scheme.js); read it at once, no flash. */}
      <ThemeProvider theme={themeFor(currentLanguage())} noSsr>
        <CssBaseline enableColorScheme />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  )
}
