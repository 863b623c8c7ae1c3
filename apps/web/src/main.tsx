import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProviders } from './app/providers'
import { AppRouter } from './app/router'
import { startLanguage } from './lib/i18n'
import { registerServiceWorker } from './lib/service-worker'

// A browser that chose English gets its first screen in English, not Ukrainian for a moment.
void startLanguage().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  )
})

registerServiceWorker()
