import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { setLanguage } from '../../../lib/i18n'
import { toDevice } from '../../../lib/items/item-document'
import { itemDocument, itemResource } from '../../../lib/items/item-fixtures.test-data'
import { type StubbedCall, stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { type DialogGroup, SettingsDialog } from './settings-dialog'

const slow = { timeout: 4000 }

function openDialog(
  group: DialogGroup,
  attributes: Parameters<typeof itemResource>[1] = {},
  onClose: () => void = () => {},
) {
  const device = toDevice(itemResource('7', { status: 'on', ...attributes }))
  // The server answers with the device as stored: still connected or not, its change pending.
  const calls = stubFetch((call) =>
    call.method === 'PATCH'
      ? {
          status: 200,
          body: itemDocument(itemResource('7', { status: device.status, sync_status: 'pending' })),
        }
      : { status: 200, body: itemDocument(itemResource('7')) },
  )
  renderRoutes(
    [{ path: '/', element: <SettingsDialog group={group} device={device} open onClose={onClose} /> }],
    '/',
  )
  return calls
}

const patches = (calls: StubbedCall[]) => calls.filter((call) => call.method === 'PATCH')

describe('SettingsDialog', () => {
  it('starts from the stored values and sends the group as a JSON:API document', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    const calls = openDialog('heater', { heater_temp_set: 65, heater_hysteresis: 3.5 }, onClose)

    const temperature = await screen.findByRole('spinbutton', { name: 'Задана температура, °C' }, slow)
    expect((temperature as HTMLInputElement).value).toBe('65')
    await user.click(screen.getByRole('button', { name: 'Збільшити: Задана температура, °C' }))
    await user.click(screen.getByRole('button', { name: 'Зменшити: Гістерезис, °C' }))
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))

    await waitFor(() => expect(patches(calls)).toHaveLength(1))
    expect(patches(calls)[0]).toMatchObject({
      url: '/api/v2/items/7',
      body: { data: { type: 'items', id: '7', attributes: { heater_temp_set: 66, heater_hysteresis: 3 } } },
    })
    // The dialog stays open in this test, hiding the page (and its toast) from the accessibility tree.
    const toast = await screen.findByRole('alert', { hidden: true }, slow)
    expect(toast.textContent).toContain('Дані оновлено!')
    expect(onClose).toHaveBeenCalled()
  })

  it('refuses a typed value above the card maximum with the range, and sends nothing', async () => {
    const user = userEvent.setup()
    const calls = openDialog('tank')

    const temperature = await screen.findByRole('spinbutton', { name: 'Задана температура, °C' }, slow)
    await user.clear(temperature)
    await user.type(temperature, '999')
    await user.tab()

    // Left as typed (not clamped), with the range in the field's error.
    expect((temperature as HTMLInputElement).value).toBe('999')
    const message = '999 °C — більше за максимум. Допустимо від 0 до 80 °C.'
    expect(screen.getByText(message)).toBeTruthy()
    expect(temperature.getAttribute('aria-invalid')).toBe('true')
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))
    expect(screen.getByRole('alert').textContent).toContain('Нічого не надіслано')
    expect(patches(calls)).toHaveLength(0)

    // Corrected, the error goes and the value is sent.
    await user.clear(temperature)
    await user.type(temperature, '65')
    expect(screen.queryByText(message)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))
    await waitFor(() => expect(patches(calls)).toHaveLength(1))
    expect(patches(calls)[0]?.body).toMatchObject({ data: { attributes: { boiler_temp_set: 65 } } })
  })

  it('refuses a value below the minimum on Enter, before anything is sent', async () => {
    const user = userEvent.setup()
    const calls = openDialog('heater')

    const temperature = await screen.findByRole('spinbutton', { name: 'Задана температура, °C' }, slow)
    await user.clear(temperature)
    await user.type(temperature, '-5{Enter}')

    expect((temperature as HTMLInputElement).value).toBe('-5')
    expect(await screen.findByText('-5 °C — менше за мінімум. Допустимо від 0 до 80 °C.')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('Нічого не надіслано')
    expect(patches(calls)).toHaveLength(0)
  })

  it('puts a value off its step on the step, says so, and sends it on the next save', async () => {
    const user = userEvent.setup()
    const calls = openDialog('heater')

    const hysteresis = await screen.findByRole('spinbutton', { name: 'Гістерезис, °C' }, slow)
    await user.clear(hysteresis)
    await user.type(hysteresis, '2.3{Enter}')

    expect((hysteresis as HTMLInputElement).value).toBe('2.5')
    expect(screen.getByRole('alert').textContent).toContain('Значення виправлено до допустимих')
    expect(patches(calls)).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))
    await waitFor(() => expect(patches(calls)).toHaveLength(1))
    expect(patches(calls)[0]?.body).toMatchObject({ data: { attributes: { heater_hysteresis: 2.5 } } })
  })

  it('says nothing changed, and sends nothing, when the values are those already set', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    const calls = openDialog('heater', { heater_temp_set: 65, heater_hysteresis: 3.5 }, onClose)

    await user.click(await screen.findByRole('button', { name: 'Зберегти' }, slow))

    const toast = await screen.findByRole('alert', { hidden: true }, slow)
    expect(toast.textContent).toContain('Нічого не змінено: ці значення вже задано.')
    expect(toast.textContent).not.toContain('Дані оновлено!')
    expect(onClose).toHaveBeenCalled()
    expect(patches(calls)).toHaveLength(0)
  })

  it('says a change for a boiler that is not connected waits for it, not that it is updated', async () => {
    const user = userEvent.setup()
    const calls = openDialog('heater', { status: 'connecting', heater_temp_set: 65 })

    const temperature = await screen.findByRole('spinbutton', { name: 'Задана температура, °C' }, slow)
    await user.clear(temperature)
    await user.type(temperature, '70')
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))

    await waitFor(() => expect(patches(calls)).toHaveLength(1))
    const toast = await screen.findByRole('alert', { hidden: true }, slow)
    expect(toast.textContent).toContain(
      "Котел зараз не на зв'язку — зміну буде застосовано, щойно він з'єднається.",
    )
    expect(toast.textContent).not.toContain('Дані оновлено!')
  })

  it('does not send empty fields', async () => {
    const user = userEvent.setup()
    const calls = openDialog('gas')

    await user.clear(await screen.findByRole('spinbutton', { name: 'Максимальна температура, °C' }, slow))
    const min = screen.getByRole('spinbutton', { name: 'Мінімальна температура, °C' })
    await user.clear(min)
    await user.type(min, '90')
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))

    await waitFor(() => expect(patches(calls)).toHaveLength(1))
    expect(patches(calls)[0]?.body).toEqual({
      data: { type: 'items', id: '7', attributes: { gas_temp_min: 90 } },
    })
  })

  it('keeps the minimum at or below the maximum and sends nothing until it is', async () => {
    const user = userEvent.setup()
    const calls = openDialog('gas')

    const min = await screen.findByRole('spinbutton', { name: 'Мінімальна температура, °C' }, slow)
    const max = screen.getByRole('spinbutton', { name: 'Максимальна температура, °C' })
    await user.clear(min)
    await user.type(min, '300')
    await user.clear(max)
    await user.type(max, '200')
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))

    expect(await screen.findByText('Мінімальна температура не може бути більшою за максимальну')).toBeTruthy()
    expect(min.getAttribute('aria-invalid')).toBe('true')
    expect(patches(calls)).toHaveLength(0)
  })

  it('reads whole numbers for power and sends the modulation switch', async () => {
    const user = userEvent.setup()
    const calls = openDialog('power')

    const power = await screen.findByRole('spinbutton', { name: 'Потужність, кВт' }, slow)
    await user.clear(power)
    await user.type(power, '45.8')
    await user.click(screen.getByRole('switch', { name: 'Модуляція потужності' }))
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))

    await waitFor(() => expect(patches(calls)).toHaveLength(1))
    expect(patches(calls)[0]?.body).toMatchObject({
      data: { attributes: { burner_power_set: 45, burner_mod: false } },
    })
  })

  it('shows the server’s reason in a red toast when the save is refused', async () => {
    const user = userEvent.setup()
    const device = toDevice(itemResource('7', { status: 'on' }))
    stubFetch(() => ({
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            title: 'Unprocessable Entity',
            detail: 'Пристрій заблоковано: змінити його налаштування неможливо',
            source: { pointer: '/data/attributes/pump_mode' },
          },
        ],
      },
    }))
    renderRoutes(
      [{ path: '/', element: <SettingsDialog group="mode" device={device} open onClose={() => {}} /> }],
      '/',
    )

    await user.click(await screen.findByRole('radio', { name: 'К' }, slow))
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))

    const reason = 'Пристрій заблоковано: змінити його налаштування неможливо'
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain(reason))
    const toast = await screen.findByText(reason, { selector: '.MuiAlert-message' }, slow)
    expect(toast.closest('.MuiAlert-root')?.className).toMatch(/MuiAlert-colorError/)
  })

  it('labels the fields and their units in English on an English screen', async () => {
    const user = userEvent.setup()
    await setLanguage('en')
    openDialog('power', { burner_power_set: 20 })
    const power = await screen.findByRole('spinbutton', { name: 'Power, kW' }, slow)
    expect(screen.getByRole('switch', { name: 'Power modulation' })).toBeTruthy()
    expect(screen.getByText('From 5 to 1000 kW')).toBeTruthy()
    await user.clear(power)
    await user.type(power, '2000')
    await user.tab()
    expect(screen.getByText('2000 kW is above the maximum. Allowed: from 5 to 1000 kW.')).toBeTruthy()
  })

  it('names the pump modes in English on an English screen', async () => {
    await setLanguage('en')
    openDialog('mode', { pump_mode: 2 })
    const group = await screen.findByRole('radiogroup', { name: 'Pump mode' }, slow)
    expect(group.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Tank' })).toHaveProperty('checked', true)
    for (const name of ['Tank + heating', 'Heating', 'Heating + tank'])
      expect(screen.getByRole('radio', { name })).toBeTruthy()
    expect(screen.getByText('Tank: hot water; heating: the radiators')).toBeTruthy()
  })
})
