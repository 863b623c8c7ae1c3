import { ukUA } from '@mui/material/locale'
import { createTheme, type ThemeOptions } from '@mui/material/styles'
import type { Language } from '@teplo/domain'

/**
 * Pale fills with dark text (light scheme) or deep fills with light text (dark scheme) for chips, code boxes and
 * the like: every pair stays above 4.5:1 in its scheme. Also the gauges' and the flame bar's parts.
 */
interface Tints {
  successBg: string
  successText: string
  warningBg: string
  warningText: string
  errorBg: string
  errorText: string
  neutralBg: string
  neutralText: string
  infoBg: string
  infoText: string
  accentBg: string
  accentText: string
  /** The sign-in screens' glow behind the card. */
  glow: string
  /** The unlit part of a gauge's arc and of the flame bar. */
  track: string
  /** The set-value marker on a gauge's arc. */
  markerFill: string
  markerStroke: string
  /** Gauge arcs other than the boiler's own colour. */
  gaugeGas: string
  gaugePower: string
  /** A field's border where it is drawn by hand (the verification code's digits). */
  fieldBorder: string
}

declare module '@mui/material/styles' {
  interface Palette {
    tint: Tints
  }
  interface PaletteOptions {
    tint?: Tints
  }
}

const light = {
  primary: { main: '#c2410c', light: '#fb923c', dark: '#9a3412', contrastText: '#ffffff' },
  secondary: { main: '#334155', contrastText: '#ffffff' },
  info: { main: '#0369a1', light: '#e0f2fe', dark: '#075985', contrastText: '#ffffff' },
  success: { main: '#2e7d32', contrastText: '#ffffff' },
  error: { main: '#d32f2f', contrastText: '#ffffff' },
  // MUI's own orange (#ed6c02) reaches only 3.2:1 with white: amber dark enough for text and for white on it.
  warning: { main: '#b45309', light: '#f59e0b', dark: '#92400e', contrastText: '#ffffff' },
  background: { default: '#fbf7f3', paper: '#ffffff' },
  text: { primary: '#1c1917', secondary: '#57534e' },
  divider: '#ece5de',
  tint: {
    successBg: '#dcfce7',
    successText: '#14532d',
    warningBg: '#fef3c7',
    warningText: '#78350f',
    errorBg: '#fee2e2',
    errorText: '#7f1d1d',
    neutralBg: '#f5f5f4',
    neutralText: '#44403c',
    infoBg: '#e0f2fe',
    infoText: '#075985',
    accentBg: '#fff1e6',
    accentText: '#9a3412',
    glow: '#ffedd5',
    track: '#ece5de',
    markerFill: '#ffffff',
    markerStroke: '#1c1917',
    gaugeGas: '#57534e',
    gaugePower: '#b45309',
    fieldBorder: '#a8a29e',
  },
}

// Warm near-black surfaces; the brand's orange and the menu's blue lightened until text on them and they as
// text on the surfaces stay above 4.5:1.
const dark = {
  primary: { main: '#fb923c', light: '#fdba74', dark: '#f97316', contrastText: '#1c1917' },
  secondary: { main: '#cbd5e1', contrastText: '#0f172a' },
  info: { main: '#7dd3fc', light: '#0c4a6e', dark: '#38bdf8', contrastText: '#082f49' },
  success: { main: '#4ade80', contrastText: '#052e16' },
  error: { main: '#f87171', contrastText: '#1c1917' },
  warning: { main: '#fbbf24', light: '#fcd34d', dark: '#fbbf24', contrastText: '#1c1917' },
  background: { default: '#12100e', paper: '#1c1917' },
  text: { primary: '#f5f5f4', secondary: '#b8b2ad', disabled: '#8a847f' },
  divider: '#3a3430',
  tint: {
    successBg: '#14532d',
    successText: '#dcfce7',
    warningBg: '#713f12',
    warningText: '#fef3c7',
    errorBg: '#7f1d1d',
    errorText: '#fee2e2',
    neutralBg: '#292524',
    neutralText: '#e7e5e4',
    infoBg: '#0c4a6e',
    infoText: '#e0f2fe',
    accentBg: '#431407',
    accentText: '#fed7aa',
    glow: '#2a1608',
    track: '#3a3430',
    markerFill: '#1c1917',
    markerStroke: '#f5f5f4',
    gaugeGas: '#b8b2ad',
    gaugePower: '#fbbf24',
    fieldBorder: '#78716c',
  },
}

/** Warm ember primary for a heating brand; 'info' blue marks the active place (spec: default theme colour info). */
// Both colour schemes as CSS variables: the scheme follows the system unless chosen in account settings, and
// /color-scheme.js sets it on <html> before the first paint (data-light / data-dark).
// ukUA: MUI's own texts (an autocomplete's «Очистити», pagination labels) in Ukrainian.
const options: ThemeOptions = {
  cssVariables: { colorSchemeSelector: 'data' },
  colorSchemes: { light: { palette: light }, dark: { palette: dark } },
  // Bootstrap-like steps so that 'lg' starts at 992 px: below it the shell is compact.
  breakpoints: { values: { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } },
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
        // The top bar is fixed over the page: what is scrolled into view (a focused field, the skip link's target,
        // an anchor) stops below it rather than under it (56 px on phones, 64 px wider, and a margin).
        html: { scrollPaddingTop: 72, '@media (min-width: 600px)': { scrollPaddingTop: 80 } },
        'a:focus-visible, button:focus-visible, [role="button"]:focus-visible, .Mui-focusVisible': {
          outline: '3px solid var(--mui-palette-info-main)',
          outlineOffset: 2,
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          border: '1px solid var(--mui-palette-divider)',
          boxShadow: '0 1px 2px rgba(28, 25, 23, 0.04)',
          // No lighter overlay on dark cards: the border already sets them apart.
          backgroundImage: 'none',
        },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
}

export const theme = createTheme(options, ukUA)

/** The two schemes' palettes as written (for the contrast test). */
export const palettes = { light, dark } as const

let englishTheme: ReturnType<typeof createTheme> | undefined

/** MUI's own texts follow the language: its built-in English (en-US wording) when English is chosen. */
export function themeFor(language: Language) {
  if (language === 'uk') return theme
  englishTheme ??= createTheme(options)
  return englishTheme
}
