// Runs before the first paint (a blocking script in <head>; the CSP allows no inline one): the colour scheme
// chosen in account settings, or the system's, set on <html> as MUI's ThemeProvider would — no light flash on a
// dark phone. 'mui-mode' is where the ThemeProvider keeps the choice.
;(() => {
  try {
    const mode = localStorage.getItem('mui-mode') || 'system'
    const dark = mode === 'dark' || (mode === 'system' && matchMedia('(prefers-color-scheme: dark)').matches)
    const root = document.documentElement
    root.removeAttribute('data-light')
    root.removeAttribute('data-dark')
    root.setAttribute(dark ? 'data-dark' : 'data-light', '')
  } catch {
    // No storage (a locked-down browser): the light scheme of the stylesheet stays.
  }
})()
