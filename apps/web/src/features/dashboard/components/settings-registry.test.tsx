import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { toDevice } from '../../../lib/items/item-document'
import { itemDocument, itemResource } from '../../../lib/items/item-fixtures.test-data'
import { type StubbedCall, stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { DeviceCards } from './device-cards'
import { type DialogGroup, SettingsDialog } from './settings-dialog'

// Settings that exist only in this test, added to the registry and nowhere else: the dialog's inputs, their
// ranges and what it sends must all follow from these entries.
vi.mock('../../../../../../packages/domain/src/settings/registry.ts', async (importOriginal) => {
  const { withTestOnlySettings } = await import(
    '../../../../../../packages/domain/src/settings/test-only-settings.test-data.ts'
  )
  return withTestOnlySettings(await importOriginal<{ ITEM_SETTINGS: object }>())
})

// The attributes the mocked registry adds to the item document; the shared types know only the real table.
const ADDED_SETTINGS = { frost_guard_temp: 5, burner_cleaning: false } as Parameters<typeof itemResource>[1]

const slow = { timeout: 4000 }

function openDialog(group: DialogGroup, extra: Parameters<typeof itemResource>[1] = {}) {
  const item = itemResource('7', { status: 'on', ...ADDED_SETTINGS, ...extra })
  const calls = stubFetch(() => ({ status: 200, body: itemDocument(item) }))
  const device = toDevice(item)
  renderRoutes(
    [{ path: '/', element: <SettingsDialog group={group} device={device} open onClose={() => {}} /> }],
    '/',
  )
  return calls
}

const patches = (calls: StubbedCall[]) => calls.filter((call) => call.method === 'PATCH')

describe('a setting added to the registry', () => {
  it('is parsed as an attribute of the item document', () => {
    expect(itemResource('7', ADDED_SETTINGS).attributes).toMatchObject({
      frost_guard_temp: 5,
      burner_cleaning: false,
    })
  })

  it('becomes a stepper of its group with its label and range, starts from the stored value and is sent', async () => {
    const user = userEvent.setup()
    const calls = openDialog('heater')

    const frostGuard = await screen.findByRole('spinbutton', { name: 'Захист від замерзання, °C' }, slow)
    expect((frostGuard as HTMLInputElement).value).toBe('5')
    expect(frostGuard.getAttribute('aria-valuemin')).toBe('3')
    expect(frostGuard.getAttribute('aria-valuemax')).toBe('15')
    expect(screen.getByText('Від 3 до 15 °C')).toBeTruthy()

    await user.clear(frostGuard)
    await user.type(frostGuard, '20')
    await user.tab()
    // Out of its range: refused with the range, not clamped.
    expect((frostGuard as HTMLInputElement).value).toBe('20')
    expect(screen.getByText('20 °C — більше за максимум. Допустимо від 3 до 15 °C.')).toBeTruthy()
    await user.clear(frostGuard)
    await user.type(frostGuard, '15')
    expect(
      screen.getByRole('button', { name: 'Збільшити: Захист від замерзання, °C' }).hasAttribute('disabled'),
    ).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Збільшити: Задана температура, °C' }))
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))

    await waitFor(() => expect(patches(calls)).toHaveLength(1))
    expect(patches(calls)[0]?.body).toEqual({
      data: {
        type: 'items',
        id: '7',
        attributes: { heater_temp_set: 61, heater_hysteresis: 5, frost_guard_temp: 15 },
      },
    })
  })

  it('becomes a switch of its group, starts from the stored value and is sent', async () => {
    const user = userEvent.setup()
    const calls = openDialog('power')

    const cleaning = await screen.findByRole('switch', { name: 'Автоочищення пальника' }, slow)
    expect((cleaning as HTMLInputElement).checked).toBe(false)
    await user.click(cleaning)
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))

    await waitFor(() => expect(patches(calls)).toHaveLength(1))
    expect(patches(calls)[0]?.body).toEqual({
      data: {
        type: 'items',
        id: '7',
        attributes: { burner_power_set: 100, burner_mod: true, burner_cleaning: true },
      },
    })
  })

  it('is not offered by the dialog when the controller lacks it: named with the reason, sent as stored', async () => {
    const user = userEvent.setup()
    const calls = openDialog('heater', {
      frost_guard_temp: 9,
      unsupported_settings: ['frost_guard_temp'],
    } as Parameters<typeof itemResource>[1])

    await screen.findByRole('spinbutton', { name: 'Задана температура, °C' }, slow)
    expect(screen.queryByRole('spinbutton', { name: 'Захист від замерзання, °C' })).toBeNull()
    expect(screen.getByText('Захист від замерзання: не підтримується цим контролером')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Збільшити: Задана температура, °C' }))
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))
    await waitFor(() => expect(patches(calls)).toHaveLength(1))
    expect(patches(calls)[0]?.body).toEqual({
      data: {
        type: 'items',
        id: '7',
        attributes: { heater_temp_set: 61, heater_hysteresis: 5, frost_guard_temp: 9 },
      },
    })
  })

  it('stays out of the dialogs of other groups', async () => {
    openDialog('tank')
    await screen.findByRole('spinbutton', { name: 'Задана температура, °C' }, slow)
    expect(screen.queryByRole('spinbutton', { name: 'Захист від замерзання, °C' })).toBeNull()
    expect(screen.queryByRole('switch', { name: 'Автоочищення пальника' })).toBeNull()
  })
})

describe('the dashboard cards', { timeout: 15_000 }, () => {
  const cardOf = async (title: string) =>
    within((await screen.findByRole('heading', { name: title }, slow)).closest('section') as HTMLElement)

  it('show a row for a setting added to a group, after the group’s others', async () => {
    const cleaning = { burner_cleaning: true } as Parameters<typeof itemResource>[1]
    const item = itemResource('7', { status: 'on', ...ADDED_SETTINGS, ...cleaning })
    stubFetch(() => ({ status: 200, body: itemDocument(item) }))
    renderRoutes([{ path: '/', element: <DeviceCards device={toDevice(item)} /> }], '/')

    const heater = await cardOf('Температура котла')
    const rows = heater.getAllByText(/^[^:]+: .+$/).map((row) => row.textContent)
    expect(rows).toEqual(['Задано: 60 °C', 'Гістерезис: 5 °C', 'Захист від замерзання: 5 °C'])
    expect((await cardOf('Потужність пальника')).getByText('Автоочищення пальника: увімкнено')).toBeTruthy()
    // Not in the cards of other groups.
    expect((await cardOf('Температура бойлера')).queryByText(/Захист від замерзання/)).toBeNull()
  })

  it('say honestly that the controller does not support a setting it lacks', async () => {
    const changed = { frost_guard_temp: 9 } as Parameters<typeof itemResource>[1]
    const item = itemResource('7', {
      status: 'on',
      ...ADDED_SETTINGS,
      ...changed,
      unsupported_settings: ['frost_guard_temp'],
    })
    stubFetch(() => ({ status: 200, body: itemDocument(item) }))
    renderRoutes([{ path: '/', element: <DeviceCards device={toDevice(item)} /> }], '/')

    const heater = await cardOf('Температура котла')
    expect(heater.getByText('Захист від замерзання: не підтримується цим контролером')).toBeTruthy()
    expect(heater.queryByText('Захист від замерзання: 9 °C')).toBeNull()
    expect((await cardOf('Потужність пальника')).getByText('Автоочищення пальника: вимкнено')).toBeTruthy()
  })
})
