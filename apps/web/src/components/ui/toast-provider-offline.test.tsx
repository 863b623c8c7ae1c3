import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it, vi } from 'vitest'
import { useToast } from './toast-context'
import { ToastProvider } from './toast-provider'

// The notice's chunk cannot be fetched: the server went away before any screen preloaded it.
vi.mock('./toast-view', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/toast-view.js')
})

function Trigger() {
  const toast = useToast()
  return (
    <button type="button" onClick={() => toast.error('Сервер недоступний.')}>
      fail
    </button>
  )
}

it('still shows the message, plainly, when the notice’s code cannot be loaded; the page stays', async () => {
  const user = userEvent.setup()
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  )
  await user.click(screen.getByRole('button', { name: 'fail' }))
  const alert = await screen.findByRole('alert', {}, { timeout: 6000 })
  expect(alert.textContent).toBe('Сервер недоступний.')
  expect(screen.getByRole('button', { name: 'fail' })).toBeTruthy()
}, 15_000)
