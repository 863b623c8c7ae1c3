import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { setLanguage } from '../../../lib/i18n'
import { type StubbedCall, stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import AlarmSettingsSection from './alarm-settings-section'

// A kind that exists only in this test (flue_gas_hot, its threshold flue_gas_temp), added to the alarm rules and
// nowhere else: the thresholds form's input, its label, its limits and what it sends must follow from the rule.
vi.mock('../../../../../../packages/domain/src/alarm-rules/rules.ts', async (importOriginal) => {
  const { withTestOnlyAlarmRules } = await import(
    '../../../../../../packages/domain/src/alarm-rules/test-only-rules.test-data.ts'
  )
  return withTestOnlyAlarmRules(await importOriginal<{ ALARM_RULES: object }>())
})

const slow = { timeout: 5000 }
const stored = {
  offline_minutes: 10,
  overheat_temp: 90,
  frost_temp: 5,
  fuel_days: 3,
  reorder_days: 3,
  flue_gas_temp: 250,
}

function renderThresholds(access: 'owner' | 'viewer' = 'owner') {
  const calls = stubFetch((call) => {
    const attributes =
      call.method === 'PATCH'
        ? { ...stored, ...(call.body as { data: { attributes: object } }).data.attributes }
        : stored
    return { status: 200, body: { data: { type: 'alarm-settings', id: '7', attributes } } }
  })
  renderRoutes([{ path: '/', element: <AlarmSettingsSection itemId="7" access={access} /> }], '/')
  return calls
}

const patches = (calls: StubbedCall[]) => calls.filter((call) => call.method === 'PATCH')
const section = () => screen.getByRole('region', { name: 'Пороги тривог' })

describe('an alarm kind added to the rules', { timeout: 15_000 }, () => {
  it('becomes an input of the thresholds form, after the others, with its label, limits and stored value', async () => {
    renderThresholds()
    const flueGas = await screen.findByRole('textbox', { name: 'Димові гази, °C' }, slow)
    expect((flueGas as HTMLInputElement).value).toBe('250')
    expect(screen.getByText('Від 150 до 350 °C, ціле число')).toBeTruthy()
    // The rules' own order: temperatures first, the new kind last.
    const labels = within(section())
      .getAllByRole('textbox')
      .map((input) => (input as HTMLInputElement).labels?.[0]?.textContent)
    expect(labels).toEqual([
      'Перегрів, °C',
      'Загроза замерзання, °C',
      "Без зв'язку, хв",
      'Запас палива, днів',
      'Нагадати замовити пелети, за днів',
      'Димові гази, °C',
    ])
  })

  it('is refused out of its limits in its rule’s words, and sent when in them', async () => {
    const user = userEvent.setup()
    const calls = renderThresholds()
    const flueGas = await screen.findByRole('textbox', { name: 'Димові гази, °C' }, slow)
    await user.clear(flueGas)
    await user.type(flueGas, '400')
    await user.click(screen.getByRole('button', { name: 'Зберегти пороги' }))
    expect(await screen.findByText('Поріг температури димових газів — від 150 до 350 °C')).toBeTruthy()
    expect(patches(calls)).toHaveLength(0)

    await user.clear(flueGas)
    await user.type(flueGas, '300')
    await user.click(screen.getByRole('button', { name: 'Зберегти пороги' }))
    await waitFor(() => expect(patches(calls)).toHaveLength(1))
    expect(patches(calls)[0]?.body).toEqual({
      data: { type: 'alarm-settings', id: '7', attributes: { flue_gas_temp: 300 } },
    })
  })

  it('is worded in English when the screen is', async () => {
    await setLanguage('en')
    try {
      renderThresholds('viewer')
      const flueGas = await screen.findByRole('textbox', { name: 'Flue gas, °C' }, slow)
      expect(flueGas.hasAttribute('disabled')).toBe(true)
      expect(screen.getByText('From 150 to 350 °C, a whole number')).toBeTruthy()
    } finally {
      await setLanguage('uk')
    }
  })
})
