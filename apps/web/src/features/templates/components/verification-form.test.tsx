import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { VerificationForm } from './verification-form'

function renderForm() {
  const calls = stubFetch(() => ({ status: 500 }))
  renderRoutes([{ path: '/', element: <VerificationForm /> }], '/')
  return calls
}

const box = (position: number) => screen.getByLabelText<HTMLInputElement>(`Символ ${position} з 4`)
const values = () => [1, 2, 3, 4].map((position) => box(position).value)

describe('VerificationForm', () => {
  it('moves to the next box as each character is typed', async () => {
    const user = userEvent.setup()
    renderForm()
    await user.click(await screen.findByLabelText('Символ 1 з 4'))
    await user.keyboard('4')
    expect(document.activeElement).toBe(box(2))
    await user.keyboard('82')
    expect(values()).toEqual(['4', '8', '2', ''])
    expect(document.activeElement).toBe(box(4))
  })

  it('goes back to the previous box on Backspace in an empty box', async () => {
    const user = userEvent.setup()
    renderForm()
    await user.click(await screen.findByLabelText('Символ 1 з 4'))
    await user.keyboard('12')
    expect(document.activeElement).toBe(box(3))
    await user.keyboard('{Backspace}')
    expect(document.activeElement).toBe(box(2))
    expect(values()).toEqual(['1', '', '', ''])
  })

  it('accepts a pasted 4-character code across the boxes', async () => {
    const user = userEvent.setup()
    renderForm()
    await user.click(await screen.findByLabelText('Символ 3 з 4'))
    await user.paste('7K3Q')
    expect(values()).toEqual(['7', 'K', '3', 'Q'])
    expect(document.activeElement).toBe(box(4))
  })

  it('asks for every box before submitting, then says honestly that two-step login is not enabled', async () => {
    const user = userEvent.setup()
    const calls = renderForm()
    await user.click(await screen.findByRole('button', { name: 'Підтвердити' }))
    expect(screen.getByText('Введіть усі 4 символи коду')).toBeTruthy()
    expect(box(1).getAttribute('aria-invalid')).toBe('true')

    await user.click(box(1))
    await user.paste('1234')
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }))
    expect((await screen.findByRole('alert')).textContent).toContain('ще не ввімкнена')
    expect(screen.getByRole('link', { name: 'До входу' }).getAttribute('href')).toBe('/login')
    expect(calls).toHaveLength(0)
  })
})
