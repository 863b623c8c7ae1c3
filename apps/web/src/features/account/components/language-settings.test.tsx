import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { currentLanguage } from '../../../lib/i18n'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { profileDocument } from '../../../test/resource-fixtures'
import { LanguageSettings } from './language-settings'

function renderSettings() {
  const onSaved = vi.fn()
  renderRoutes(
    [{ path: '/account/settings', element: <LanguageSettings onSaved={onSaved} /> }],
    '/account/settings',
  )
  return onSaved
}

describe('LanguageSettings', () => {
  it("switches the screen to English and stores it as the account's language", async () => {
    const calls = stubFetch(() => ({ status: 200, body: profileDocument('user') }))
    const onSaved = renderSettings()

    await userEvent.setup().click(await screen.findByRole('radio', { name: 'English' }))

    expect((await screen.findByRole('alert')).textContent).toContain('Language changed')
    expect(screen.getByRole('region', { name: 'Language' })).toBeTruthy()
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['PATCH /api/v2/me'])
    expect(calls[0]?.body).toEqual({ data: { type: 'users', attributes: { language: 'en' } } })
    expect(onSaved).toHaveBeenCalledWith('en')
  })

  it('goes back to the previous language when the account cannot store it', async () => {
    stubFetch(() => ({ status: 500, body: { errors: [{ status: '500', title: 'Server Error' }] } }))
    renderSettings()

    await userEvent.setup().click(await screen.findByRole('radio', { name: 'English' }))

    expect((await screen.findByRole('alert')).textContent).toContain('Не вдалося зберегти мову')
    await waitFor(() => expect(currentLanguage()).toBe('uk'))
    expect((screen.getByRole('radio', { name: 'Українська' }) as HTMLInputElement).checked).toBe(true)
  })
})
