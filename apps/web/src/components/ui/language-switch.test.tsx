import { LANGUAGE_NAMES, LANGUAGES } from '@teplo/domain'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useTranslation } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { storedLanguage } from '../../lib/i18n'
import { LanguageSwitch, SWITCH_LANGUAGES, SWITCH_NAMES } from './language-switch'

function SignInButton() {
  const { t } = useTranslation()
  return <button type="button">{t('auth.login.submit')}</button>
}

describe('LanguageSwitch', () => {
  it('offers exactly the languages of the domain, each named in itself', () => {
    expect(SWITCH_LANGUAGES).toEqual(LANGUAGES)
    expect(SWITCH_NAMES).toEqual(LANGUAGE_NAMES)
  })

  it('switches the texts and the document language to English and back', async () => {
    const user = userEvent.setup()
    const onChosen = vi.fn()
    render(
      <>
        <LanguageSwitch onChosen={onChosen} />
        <SignInButton />
      </>,
    )
    expect(screen.getByRole('button', { name: 'Українська' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('group', { name: 'Мова' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'English' }))

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Language' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true')
    expect(document.documentElement.lang).toBe('en')
    expect(storedLanguage()).toBe('en')
    expect(onChosen).toHaveBeenCalledWith('en')

    await user.click(screen.getByRole('button', { name: 'Українська' }))
    expect(await screen.findByRole('button', { name: 'Увійти' })).toBeTruthy()
    expect(document.documentElement.lang).toBe('uk')
    expect(onChosen).toHaveBeenLastCalledWith('uk')
  })

  it('does nothing when the current language is chosen again', async () => {
    const onChosen = vi.fn()
    render(<LanguageSwitch onChosen={onChosen} />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Українська' }))
    expect(onChosen).not.toHaveBeenCalled()
  })
})
