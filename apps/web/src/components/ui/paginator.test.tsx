import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Paginator, pageWindow } from './paginator'

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('shows at most five numbers, centred on the current page', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8])
    expect(pageWindow(7, 20)).toEqual([5, 6, 7, 8, 9])
  })

  it('keeps five numbers at either end', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20])
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20])
  })

  it('copes with an empty list and a page past the end', () => {
    expect(pageWindow(1, 0)).toEqual([1])
    expect(pageWindow(9, 3)).toEqual([1, 2, 3])
  })
})

describe('Paginator', () => {
  const numbers = () =>
    within(screen.getByRole('navigation', { name: 'Сторінки' }))
      .getAllByRole('button', { name: /^Сторінка/ })
      .map((button) => button.textContent)

  it('marks the current page and moves to the chosen one', async () => {
    const user = userEvent.setup()
    const onPageChange = vi.fn()
    render(<Paginator page={6} lastPage={12} onPageChange={onPageChange} />)

    expect(numbers()).toEqual(['4', '5', '6', '7', '8'])
    expect(screen.getByRole('button', { name: 'Сторінка 6' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('button', { name: 'Сторінка 7' }).getAttribute('aria-current')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Сторінка 8' }))
    await user.click(screen.getByRole('button', { name: 'Перша сторінка' }))
    await user.click(screen.getByRole('button', { name: 'Попередня сторінка' }))
    await user.click(screen.getByRole('button', { name: 'Наступна сторінка' }))
    await user.click(screen.getByRole('button', { name: 'Остання сторінка' }))
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([8, 1, 5, 7, 12])
  })

  it('disables the steps that lead nowhere', () => {
    const { rerender } = render(<Paginator page={1} lastPage={3} onPageChange={vi.fn()} />)
    const disabled = (name: string) => screen.getByRole('button', { name }).hasAttribute('disabled')

    expect([disabled('Перша сторінка'), disabled('Попередня сторінка')]).toEqual([true, true])
    expect([disabled('Наступна сторінка'), disabled('Остання сторінка')]).toEqual([false, false])

    rerender(<Paginator page={3} lastPage={3} onPageChange={vi.fn()} />)
    expect([disabled('Перша сторінка'), disabled('Попередня сторінка')]).toEqual([false, false])
    expect([disabled('Наступна сторінка'), disabled('Остання сторінка')]).toEqual([true, true])
  })
})
