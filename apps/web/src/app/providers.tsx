import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { ToastProvider } from '../components/ui/toast-provider'
import { createQueryClient } from '../lib/query-client'
import { onServerRecovered } from '../lib/server-reachability'
import { theme } from './theme'

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  // Once the server answers again, every screen re-reads what it shows: no waiting for the next poll.
  useEffect(() => onServerRecovered(() => void queryClient.invalidateQueries()), [queryClient])
  return (
    <QueryClientProvider client={queryClient}>
      {/* The scheme was set on <html> before the first paint (/color-scheme.js); read it at once, no flash. */}
      <ThemeProvider theme={theme} noSsr>
        <CssBaseline enableColorScheme />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  )
}
