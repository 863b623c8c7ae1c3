import { ukUA } from '@mui/material/locale'
import { createTheme, type ThemeOptions } from '@mui/material/styles'
import type { Language } from '@teplo/domain'

const focusRing = { outline: '3px solid #0369a1', outlineOffset: 2 }

/** Warm ember primary for a heating brand; 'info' blue marks the active place (spec: default theme colour info). */
const options: ThemeOptions = {
  // Bootstrap-like steps so that 'lg' starts at 992 px: below it the shell is compact.
  breakpoints: { values: { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } },
  palette: {
    primary: { main: '#c2410c', light: '#fb923c', dark: '#9a3412', contrastText: '#ffffff' },
    secondary: { main: '#334155', contrastText: '#ffffff' },
    info: { main: '#0369a1', light: '#e0f2fe', dark: '#075985', contrastText: '#ffffff' },
    success: { main: '#2e7d32', contrastText: '#ffffff' },
    error: { main: '#d32f2f', contrastText: '#ffffff' },
    background: { default: '#fbf7f3', paper: '#ffffff' },
    text: { primary: '#1c1917', secondary: '#57534e' },
    divider: '#ece5de',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.375rem', fontWeight: 700 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        'a:focus-visible, button:focus-visible, [role="button"]:focus-visible, .Mui-focusVisible': focusRing,
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: { border: '1px solid #ece5de', boxShadow: '0 1px 2px rgba(28, 25, 23, 0.04)' },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
}

// ukUA: MUI's own texts (an autocomplete's «Очистити», pagination labels) in Ukrainian.
export const theme = createTheme(options, ukUA)

let englishTheme: ReturnType<typeof createTheme> | undefined

/** MUI's own texts follow the language: its built-in English (en-US wording) when English is chosen. */
export function themeFor(language: Language) {
  if (language === 'uk') return theme
  englishTheme ??= createTheme(options)
  return englishTheme
}
