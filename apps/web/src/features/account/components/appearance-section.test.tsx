import { createTheme, ThemeProvider } from '@mui/material/styles'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppearanceSection } from './appearance-section'

// Two schemes set on <html> as data-light / data-dark, like the app's theme.
const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'data' },
  colorSchemes: { light: true, dark: true },
})

describe('AppearanceSection', () => {
  it('follows the system until a scheme is chosen, then sets it on the page and remembers it', async () => {
    render(
      <ThemeProvider theme={theme}>
        <AppearanceSection />
      </ThemeProvider>,
    )
    expect(screen.getByRole('region', { name: 'Тема оформлення' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Як у системі' })).toHaveProperty('checked', true)

    await userEvent.click(screen.getByRole('radio', { name: 'Темна' }))
    await waitFor(() => expect(document.documentElement.hasAttribute('data-dark')).toBe(true))
    expect(localStorage.getItem('mui-mode')).toBe('dark')

    await userEvent.click(screen.getByRole('radio', { name: 'Світла' }))
    await waitFor(() => expect(document.documentElement.hasAttribute('data-light')).toBe(true))
    expect(document.documentElement.hasAttribute('data-dark')).toBe(false)
    expect(localStorage.getItem('mui-mode')).toBe('light')
  })
})
