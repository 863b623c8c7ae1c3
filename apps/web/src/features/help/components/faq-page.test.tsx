import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../../lib/i18n'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { supportDocument } from '../../../test/resource-fixtures'
import { FaqPage } from './faq-page'

const slow = { timeout: 4000 }

function showPage() {
  const calls = stubFetch((call) =>
    call.url === '/api/v2/support'
      ? { status: 200, body: supportDocument('+380 44 123 45 67', 'help@teplo.ua') }
      : { status: 404 },
  )
  renderRoutes([{ path: '/', element: <FaqPage /> }], '/')
  return calls
}

describe('FaqPage', () => {
  it('shows the support phone and e-mail from the server as links', async () => {
    const calls = showPage()

    const phone = await screen.findByRole('link', { name: '+380 44 123 45 67' }, slow)
    expect(phone.getAttribute('href')).toBe('tel:+380441234567')
    expect(screen.getByRole('link', { name: 'help@teplo.ua' }).getAttribute('href')).toBe(
      'mailto:help@teplo.ua',
    )
    expect(calls[0]?.headers.authorization).toBeUndefined()
  })

  it('answers the three questions in an accordion', async () => {
    showPage()
    const user = userEvent.setup()

    const questions = ['Чому котел не запускається?', 'Як часто чистити котел і пальник?']
    questions.push('Що робити, якщо котел не виходить на задану потужність?')
    for (const question of questions) {
      expect(screen.getByRole('button', { name: question }).getAttribute('aria-expanded')).toBe('false')
    }
    await user.click(screen.getByRole('button', { name: 'Як часто чистити котел і пальник?' }))
    expect(
      screen.getByRole('button', { name: 'Як часто чистити котел і пальник?' }).getAttribute('aria-expanded'),
    ).toBe('true')
    expect(screen.getByText(/Колосник і камеру згоряння пальника/)).toBeTruthy()
  })

  it('links the videos to YouTube searches and describes both manuals', () => {
    showPage()

    const video = screen.getByRole('link', { name: /Налаштування пелетного котла/ })
    const url = new URL(video.getAttribute('href')!)
    expect(url.origin).toBe('https://www.youtube.com')
    expect(url.searchParams.get('search_query')).toBe('пелетний котел налаштування')
    expect(video.getAttribute('rel')).toContain('noopener')
    expect(screen.getByRole('heading', { name: 'Котел' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Пальник' })).toBeTruthy()
  })

  it('searches for videos in English on an English screen', async () => {
    await setLanguage('en')
    showPage()

    const queries = ['Setting up a pellet boiler', 'Starting a pellet burner for the first time'].map(
      (name) => {
        const href = screen.getByRole('link', { name: new RegExp(name) }).getAttribute('href')!
        return new URL(href).searchParams.get('search_query')
      },
    )
    expect(queries).toEqual(['pellet boiler setup', 'pellet burner first start'])
    const cleaning = screen
      .getByRole('link', { name: /Cleaning the boiler and burner/ })
      .getAttribute('href')!
    expect(new URL(cleaning).searchParams.get('search_query')).toBe('pellet boiler and burner cleaning')
  })
})
