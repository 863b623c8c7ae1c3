import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from './confirm-dialog'

describe('ConfirmDialog', () => {
  it('asks with the texts of the specification and reports the choice', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(<ConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} />)

    const dialog = screen.getByRole('dialog', { name: 'Ви впевнені?' })
    expect(dialog.textContent).toContain('Цю дію не можна буде скасувати.')

    await user.click(screen.getByRole('button', { name: 'Так, видалити' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'Скасувати' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('cancels on Escape', async () => {
    const user = userEvent.setup()
    const onCancel = vi.fn()
    render(<ConfirmDialog open onConfirm={vi.fn()} onCancel={onCancel} />)

    await user.keyboard('{Escape}')

    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('keeps both choices closed while the action runs', async () => {
    const user = userEvent.setup()
    const onCancel = vi.fn()
    const onConfirm = vi.fn()
    render(<ConfirmDialog open busy onConfirm={onConfirm} onCancel={onCancel} />)

    expect(screen.getByRole('button', { name: /Так, видалити/ }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Скасувати' }).hasAttribute('disabled')).toBe(true)
    await user.keyboard('{Escape}')
    expect(onCancel).not.toHaveBeenCalled()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('renders nothing while closed', () => {
    render(<ConfirmDialog open={false} onConfirm={vi.fn()} onCancel={vi.fn()} />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
