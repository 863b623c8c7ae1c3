import { kyivDate, maintenanceDocumentSchema } from '@teplo/domain'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { MaintenanceList } from './maintenance-list'
import PelletForecastLine from './pellet-forecast-line'

const slow = { timeout: 10_000 }
const DAY_MS = 86_400_000
const at = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString()

type Task = { task: string; status: string; due_in: object | null; [name: string]: unknown }
const task = (entry: Task) => ({
  interval: 12,
  default_interval: 12,
  last_done_at: null,
  last_note: null,
  since: at(-300),
  used: null,
  due_at: null,
  unknown_reason: null,
  unit: 'months',
  ...entry,
})

// Parsed with the contract, so a fixture that drifts from the server's answer fails here.
const schedule = (chimney: Partial<Task> = {}) =>
  maintenanceDocumentSchema.parse({
    data: {
      type: 'maintenance-schedules',
      id: '7',
      attributes: {
        tasks: [
          task({
            task: 'ash_box',
            unit: 'kg',
            interval: 300,
            default_interval: 300,
            used: 180,
            status: 'ok',
            due_in: { value: 120, unit: 'kg' },
            due_at: at(6),
          }),
          task({
            task: 'heat_exchanger',
            unit: 'hours',
            interval: 300,
            status: 'ok',
            due_in: null,
            unknown_reason: 'no_readings',
          }),
          task({
            task: 'annual_service',
            status: 'ok',
            due_in: { value: 200, unit: 'days' },
            due_at: at(200),
          }),
          task({
            task: 'chimney_sweep',
            status: 'due',
            due_in: { value: 21, unit: 'days' },
            due_at: at(21),
            ...chimney,
          }),
        ],
        next_task: 'chimney_sweep',
      },
      links: { self: '/api/v2/items/7/maintenance' },
    },
  })

function serve() {
  let current = schedule()
  return stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost')
    const route = `${call.method} ${url.pathname}`
    if (route === 'GET /api/v2/items/7/maintenance') return { status: 200, body: current }
    if (route === 'POST /api/v2/items/7/maintenance/chimney_sweep/done') {
      current = schedule({
        status: 'ok',
        due_in: { value: 364, unit: 'days' },
        last_done_at: new Date().toISOString(),
        last_note: 'Сажі небагато',
      })
      return { status: 200, body: current }
    }
    return { status: 404, body: { errors: [{ status: '404', title: 'Not Found', detail: 'Не знайдено.' }] } }
  })
}

const show = (operates = true, commissions = false) =>
  renderRoutes(
    [
      {
        path: '/items/:id/fuel',
        element: (
          <MaintenanceList
            itemId="7"
            operates={operates}
            commissions={commissions}
            today={kyivDate(new Date())}
          />
        ),
      },
    ],
    '/items/7/fuel',
  )

describe('maintenance on «Паливо та обслуговування»', () => {
  it('lists each task with what is left and its state, and marks one done', slow, async () => {
    const calls = serve()
    show()
    const list = await screen.findByTestId('maintenance-tasks')
    expect(within(list).getByTestId('maintenance-left-ash_box').textContent).toMatch(
      /^Залишилося 120 кг \(приблизно до .+\)$/,
    )
    expect(within(list).getByTestId('maintenance-left-heat_exchanger').textContent).toBe(
      'Ще немає показників котла, щоб порахувати.',
    )
    expect(within(list).getByTestId('maintenance-left-chimney_sweep').textContent).toBe('Залишився 21 день')
    expect(within(list).getByTestId('maintenance-status-chimney_sweep').textContent).toBe('Незабаром')
    // A household owner marks tasks done; the intervals are the installer's.
    expect(screen.queryByRole('button', { name: /^Інтервал:/ })).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Виконано: Прочистити димохід' }))
    const dialog = await screen.findByRole('dialog')
    const date = within(dialog).getByLabelText('Коли виконано')
    await userEvent.clear(date)
    await userEvent.type(date, '2099-01-01')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Позначити виконаним' }))
    expect(await within(dialog).findByText('Дата виконання не може бути в майбутньому')).toBeTruthy()
    expect(calls.some((call) => call.method === 'POST')).toBe(false)

    await userEvent.clear(date)
    await userEvent.type(date, '2026-11-20')
    await userEvent.type(within(dialog).getByLabelText('Примітка (необов’язково)'), 'Сажі небагато')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Позначити виконаним' }))
    expect(await screen.findByText('Позначено виконаним')).toBeTruthy()
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: { type: 'maintenance-schedules', attributes: { done_at: '2026-11-20', note: 'Сажі небагато' } },
    })
    expect((await screen.findByTestId('maintenance-left-chimney_sweep')).textContent).toBe(
      'Залишилося 364 дні',
    )
  })

  it('offers the intervals to an installer', slow, async () => {
    serve()
    show(true, true)
    expect(await screen.findByRole('button', { name: 'Інтервал: Прочистити димохід' })).toBeTruthy()
  })

  it('offers nothing to someone who only watches', slow, async () => {
    serve()
    show(false, false)
    await screen.findByTestId('maintenance-tasks')
    expect(screen.queryByRole('button', { name: /^Виконано/ })).toBeNull()
  })

  it('names the task falling due first on the dashboard', slow, async () => {
    serve()
    renderRoutes([{ path: '/', element: <PelletForecastLine itemId="7" /> }], '/')
    expect((await screen.findByTestId('maintenance-next')).textContent).toBe(
      'Обслуговування: Прочистити димохід — залишився 21 день',
    )
  })
})
