import {
  DEFAULT_WEEKLY_SCHEDULE,
  SCHEDULE_TIME_ZONE,
  type ScheduleAttributes,
  type ScheduleDocument,
  scheduleDocumentSchema,
} from '@teplo/domain'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { type StubbedCall, stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { SchedulePeriodLine } from './schedule-period-line'
import ScheduleSection, { type ScheduledDevice } from './schedule-section'

const stored: ScheduleAttributes = {
  ...DEFAULT_WEEKLY_SCHEDULE,
  time_zone: SCHEDULE_TIME_ZONE,
  sync_status: 'synced',
  sync_reason: null,
  settings_version: 3,
  applied_version: 3,
  reported_schedule: null,
  active_period: null,
}

const documentOf = (attributes: ScheduleAttributes): ScheduleDocument =>
  scheduleDocumentSchema.parse({
    data: { type: 'schedules', id: '7', attributes, links: { self: '/api/v2/items/7/schedule' } },
  })

const device: ScheduledDevice = {
  id: '7',
  access: 'owner',
  sync_status: 'synced',
  sync_reason: null,
  schedule_period: null,
}

function renderSection(overrides: Partial<ScheduledDevice> = {}) {
  const calls = stubFetch((call) => {
    if (call.method === 'PATCH') {
      const body = (call.body as { data: { attributes: Partial<ScheduleAttributes> } }).data.attributes
      return {
        status: 200,
        body: documentOf({ ...stored, ...body, sync_status: 'pending', settings_version: 4 }),
      }
    }
    return { status: 200, body: documentOf(stored) }
  })
  renderRoutes([{ path: '/', element: <ScheduleSection device={{ ...device, ...overrides }} /> }], '/')
  return calls
}

const cell = (grid: HTMLElement, day: string, from: string) =>
  within(grid).getByRole('gridcell', { name: new RegExp(`^${day}, ${from}–`) })

async function openEditor() {
  await userEvent.click(await screen.findByRole('button', { name: 'Змінити розклад' }))
  return screen.findByRole('grid', { name: 'Розклад на тиждень' })
}

describe('the weekly schedule section', { timeout: 20_000 }, () => {
  it('paints half hours by tapping and by dragging, and sends the week', async () => {
    const calls = renderSection()
    const grid = await openEditor()
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(7 * 48)

    // A tap flips one half hour to reduced.
    const first = cell(grid, 'Пн', '06:00')
    fireEvent.pointerDown(first, { pointerId: 1 })
    fireEvent.pointerUp(first, { pointerId: 1 })
    expect(first.getAttribute('aria-selected')).toBe('true')
    expect(first.getAttribute('aria-label')).toBe('Пн, 06:00–06:30: зниження')

    // A drag paints every half hour it passes with the mode the first one took.
    fireEvent.pointerDown(cell(grid, 'Пн', '22:00'), { pointerId: 2 })
    for (const time of ['22:30', '23:00', '23:30'])
      fireEvent.pointerMove(cell(grid, 'Пн', time), { pointerId: 2 })
    fireEvent.pointerUp(cell(grid, 'Пн', '23:30'), { pointerId: 2 })
    for (const time of ['22:00', '22:30', '23:00', '23:30'])
      expect(cell(grid, 'Пн', time).getAttribute('aria-selected')).toBe('true')
    // Moving without a pressed pointer paints nothing.
    fireEvent.pointerMove(cell(grid, 'Пн', '21:30'), { pointerId: 2 })
    expect(cell(grid, 'Пн', '21:30').getAttribute('aria-selected')).toBe('false')

    // Tapping a reduced half hour makes it comfort again.
    fireEvent.pointerDown(first, { pointerId: 3 })
    fireEvent.pointerUp(first, { pointerId: 3 })
    expect(first.getAttribute('aria-selected')).toBe('false')

    await userEvent.click(screen.getByRole('switch', { name: 'Працювати за розкладом' }))
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true))
    const patch = calls.find((call) => call.method === 'PATCH') as StubbedCall
    const sent = (patch.body as { data: { attributes: ScheduleAttributes } }).data.attributes
    expect(sent.enabled).toBe(true)
    expect(sent.days[0]).toBe(`${'c'.repeat(44)}rrrr`)
    expect(sent.days.slice(1)).toEqual(Array(6).fill('c'.repeat(48)))
    expect(await screen.findByText('Розклад збережено. Очікує пристрій')).toBeTruthy()
  })

  it("copies a day's half hours onto the days chosen", async () => {
    const calls = renderSection()
    const grid = await openEditor()
    fireEvent.pointerDown(cell(grid, 'Пн', '00:00'), { pointerId: 1 })
    fireEvent.pointerMove(cell(grid, 'Пн', '00:30'), { pointerId: 1 })
    fireEvent.pointerUp(cell(grid, 'Пн', '00:30'), { pointerId: 1 })

    const targets = screen.getByRole('group', { name: 'На які дні' })
    for (const day of ['Вт', 'Ср', 'Пт'])
      await userEvent.click(within(targets).getByRole('button', { name: day }))
    await userEvent.click(screen.getByRole('button', { name: 'Копіювати' }))
    for (const day of ['Вт', 'Ср', 'Пт'])
      expect(cell(grid, day, '00:30').getAttribute('aria-selected')).toBe('true')
    for (const day of ['Чт', 'Сб', 'Нд'])
      expect(cell(grid, day, '00:30').getAttribute('aria-selected')).toBe('false')

    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true))
    const sent = (
      (calls.find((call) => call.method === 'PATCH') as StubbedCall).body as {
        data: { attributes: ScheduleAttributes }
      }
    ).data.attributes
    const night = `rr${'c'.repeat(46)}`
    expect(sent.days).toEqual([night, night, night, 'c'.repeat(48), night, 'c'.repeat(48), 'c'.repeat(48)])
  })

  it('flips half hours from the keyboard: arrows move, Space flips', async () => {
    renderSection()
    const grid = await openEditor()
    const start = cell(grid, 'Пн', '00:00')
    start.focus()
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{ArrowDown} ')
    expect(cell(grid, 'Вт', '01:00').getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(cell(grid, 'Вт', '01:00'))
    expect(start.getAttribute('aria-selected')).toBe('false')
  })

  it('offers no editor to a viewer', async () => {
    renderSection({ access: 'viewer' })
    expect(await screen.findByText(/Розклад вимкнено/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Змінити розклад' })).toBeNull()
  })

  it('keeps Save off while a reduction is out of range', async () => {
    renderSection()
    await openEditor()
    const heater = screen.getByRole('textbox', { name: 'Зниження для котла, °C' })
    await userEvent.clear(heater)
    await userEvent.type(heater, '31')
    expect((screen.getByRole('button', { name: 'Зберегти' }) as HTMLButtonElement).disabled).toBe(true)
  })
})

describe('SchedulePeriodLine', () => {
  // Monday 2026-11-23 12:00 in Kyiv (UTC+2).
  const now = new Date('2026-11-23T10:00:00Z')
  const line = (period: Parameters<typeof SchedulePeriodLine>[0]['period']) => {
    renderRoutes([{ path: '/', element: <SchedulePeriodLine period={period} now={now} /> }], '/')
    return screen.queryByTestId('schedule-period')?.textContent ?? null
  }

  it('says the period and its end on the boiler clock', () => {
    expect(line({ mode: 'reduced', until: '2026-11-23 16:00:00' })).toBe('за розкладом: зниження до 18:00')
  })

  it('names the day when the period ends on another one', () => {
    expect(line({ mode: 'comfort', until: '2026-11-24 04:00:00' })).toBe('за розкладом: комфорт до вт 06:00')
  })

  it('shows nothing without a period or once it has ended unreported', () => {
    expect(line(null)).toBeNull()
    expect(line({ mode: 'reduced', until: '2026-11-23 09:00:00' })).toBeNull()
  })
})
