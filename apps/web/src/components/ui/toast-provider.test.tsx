import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useToast } from './toast-context'
import { ToastProvider } from './toast-provider'

function Trigger() {
  const toast = useToast()
  return (
    <>
      <button type="button" onClick={() => toast.success('Дані оновлено!')}>
        ok
      </button>
      <button type="button" onClick={() => toast.error('Помилка при завантаженні даних')}>
        fail
      </button>
    </>
  )
}

// The notice's code is loaded with the first notice: compiling it takes a while on a busy machine.
const slow = { timeout: 4000 }

describe('ToastProvider', () => {
  it('shows a green success notice that goes away after 2 seconds', async () => {
    const user = userEvent.setup()
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    )

    await user.click(screen.getByRole('button', { name: 'ok' }))

    const alert = await screen.findByRole('alert', {}, slow)
    expect(alert.textContent).toContain('Дані оновлено!')
    expect(alert.className).toMatch(/MuiAlert-colorSuccess.*MuiAlert-filled/)
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: 4000 })
  })

  it('replaces the current notice with a red error notice', async () => {
    const user = userEvent.setup()
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    )

    await user.click(screen.getByRole('button', { name: 'ok' }))
    await screen.findByRole('alert', {}, slow)
    await user.click(screen.getByRole('button', { name: 'fail' }))

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Помилка при завантаженні даних'),
    )
    expect(screen.getByRole('alert').className).toMatch(/MuiAlert-colorError.*MuiAlert-filled/)
  })
})
