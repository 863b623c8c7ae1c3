/**
 * Registers /sw.js (the app shell cache, the offline page, web push) once the page has loaded, so the first visit
 * downloads nothing more before it shows. Built apps only: the development server has no /sw.js.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // The app works without it (no offline page, no push): say so in the console only.
      console.warn('service worker not registered', error)
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
