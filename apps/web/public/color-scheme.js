// Runs before the first paint (a blocking script in <head>; the CSP allows no inline one): the colour scheme
// chosen in account settings, or the system's, set on <html> as MUI's ThemeProvider would — no light flash on a
// dark phone. 'mui-mode' is where the ThemeProvider keeps the choice. The browser's bar (the theme-color metas)
// follows the scheme on <html>, whoever sets it: this script, or the ThemeProvider when the choice or the system
// changes. The offline page, which has no ThemeProvider, uses this script alone.
;(() => {
  // index.html's and the manifest's colours: the brand's orange, and the dark scheme's paper.
  const BAR = { light: '#c2410c', dark: '#1c1917' }
  const root = document.documentElement
  const system = () => {
    try {
      return matchMedia('(prefers-color-scheme: dark)')
    } catch {
      return null
    }
  }
  const chosen = () => {
    try {
      return localStorage.getItem('mui-mode') || 'system'
    } catch {
      // No storage (a locked-down browser): the system decides.
      return 'system'
    }
  }
  const apply = () => {
    const mode = chosen()
    const dark = mode === 'dark' || (mode === 'system' && Boolean(system()?.matches))
    if (
      root.hasAttribute(dark ? 'data-dark' : 'data-light') &&
      !root.hasAttribute(dark ? 'data-light' : 'data-dark')
    )
      return
    root.removeAttribute('data-light')
    root.removeAttribute('data-dark')
    root.setAttribute(dark ? 'data-dark' : 'data-light', '')
  }
  // Every theme-color meta gets the colour of the scheme in use, so its media query no longer decides.
  const paintBar = () => {
    const colour = root.hasAttribute('data-dark') ? BAR.dark : BAR.light
    for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
      if (meta.getAttribute('content') !== colour) meta.setAttribute('content', colour)
    }
  }
  apply()
  paintBar()
  // The metas after this script, and every later change of the scheme.
  document.addEventListener('DOMContentLoaded', paintBar)
  new MutationObserver(paintBar).observe(root, {
    attributes: true,
    attributeFilter: ['data-dark', 'data-light'],
  })
  // A change of the system's scheme, for the offline page (the ThemeProvider follows it too, to the same result).
  system()?.addEventListener('change', apply)
})()
