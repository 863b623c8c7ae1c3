import {
  DEFAULT_SERVICE_SETTINGS,
  type ItemServiceSettingsAttributes,
  itemServiceSettingsDocumentSchema,
} from '@teplo/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../../lib/i18n'
import { itemListDocument, itemResource } from '../../../lib/items/item-fixtures.test-data'
import { type StubbedCall, stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { ServiceScreen } from './service-screen'

const slow = { timeout: 4000 }

function serviceDocument(id: string, attributes: Partial<ItemServiceSettingsAttributes> = {}) {
  // Parsed with the wire schema, so the fixture cannot drift from what the server answers.
  return itemServiceSettingsDocumentSchema.parse({
    data: {
      type: 'item-service-settings',
      id,
      attributes: {
        ...DEFAULT_SERVICE_SETTINGS,
        custom: false,
        editable: true,
        sync_status: 'synced',
        sync_reason: null,
        settings_version: 3,
        applied_version: 3,
        reported_service_settings: DEFAULT_SERVICE_SETTINGS,
        reported_at: '2026-11-26 10:00:00',
        ...attributes,
      },
      links: { self: `/api/v2/items/${id}/service-settings` },
    },
  })
}

function serve(attributes: Partial<ItemServiceSettingsAttributes> = {}) {
  return stubFetch((call) => {
    const path = call.url.split('?')[0]
    if (path === '/api/v2/items') return { status: 200, body: itemListDocument([itemResource('7')]) }
    if (call.method === 'PATCH') {
      const sent = (call.body as { data: { attributes: Record<string, number> } }).data.attributes
      return {
        status: 200,
        body: serviceDocument('7', { ...attributes, ...sent, custom: true, sync_status: 'pending' }),
      }
    }
    return { status: 200, body: serviceDocument('7', attributes) }
  })
}

/** The attributes of the PATCH sent, if any. */
function sentAttributes(calls: StubbedCall[]) {
  const patch = calls.find((call) => call.method === 'PATCH')
  return (patch?.body as { data: { attributes: unknown } } | undefined)?.data.attributes
}

const show = () => renderRoutes([{ path: '/', element: <ServiceScreen /> }], '/')
const fan30 = () => screen.getByRole('textbox', { name: 'Оберти вентилятора на 30 %, %' })

describe('ServiceScreen', () => {
  it('sends only the changed parameters, as a JSON:API document, and shows the change waiting', async () => {
    const calls = serve()
    show()
    await screen.findByRole('heading', { name: 'Вентилятор' }, slow)
    expect(screen.getByText('Застосовано контролером')).toBeTruthy()
    await userEvent.clear(fan30())
    await userEvent.type(fan30(), '45')
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }))
    await screen.findByText('Очікує підтвердження контролера', undefined, slow)
    const patch = calls.find((call) => call.method === 'PATCH')
    expect(patch?.url).toBe('/api/v2/items/7/service-settings')
    expect(patch?.body).toEqual({
      data: { type: 'item-service-settings', id: '7', attributes: { fan_speed_30: 45 } },
    })
  })

  it('checks the range before sending and reads a decimal comma', async () => {
    const calls = serve()
    show()
    await screen.findByRole('heading', { name: 'Паливо' }, slow)
    await userEvent.clear(fan30())
    await userEvent.type(fan30(), '150')
    const calorific = screen.getByRole('textbox', { name: 'Теплотворна здатність палива, кВт·год/кг' })
    await userEvent.clear(calorific)
    await userEvent.type(calorific, '4,5')
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }))
    expect(await screen.findByText('Значення має бути від 10 до 100')).toBeTruthy()
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false)
    await userEvent.clear(fan30())
    await userEvent.type(fan30(), '40')
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true))
    expect(sentAttributes(calls)).toEqual({
      fan_speed_30: 40,
      fuel_calorific_value: 4.5,
    })
  })

  it('sends nothing when a value is typed back to what is stored', async () => {
    const calls = serve()
    show()
    await screen.findByRole('heading', { name: 'Вентилятор' }, slow)
    await userEvent.clear(fan30())
    await userEvent.type(fan30(), '35')
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }))
    expect(await screen.findByText('Нічого не змінено')).toBeTruthy()
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false)
  })

  it('resets every parameter to the factory value after asking', async () => {
    const calls = serve({ fan_speed_30: 45, custom: true })
    show()
    await screen.findByRole('heading', { name: 'Вентилятор' }, slow)
    await userEvent.click(screen.getByRole('button', { name: 'Скинути до заводських' }))
    const dialog = await screen.findByRole('dialog', { name: 'Скинути сервісні налаштування?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скинути' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true))
    expect(sentAttributes(calls)).toEqual(DEFAULT_SERVICE_SETTINGS)
  })

  it('is read-only for those who may not change it, and shows a refusal with its reason', async () => {
    serve({
      editable: false,
      sync_status: 'refused',
      sync_reason: 'service.fan_speed_100: вентилятор на 40 % не дає повітря',
      fan_speed_100: 40,
      reported_service_settings: DEFAULT_SERVICE_SETTINGS,
    })
    show()
    await screen.findByRole('heading', { name: 'Вентилятор' }, slow)
    expect(screen.getByText(/^Змінювати сервісні налаштування можуть лише/)).toBeTruthy()
    expect(fan30().hasAttribute('readonly')).toBe(true)
    expect(screen.queryByRole('button', { name: 'Зберегти' })).toBeNull()
    expect(
      screen.getByText('Контролер відхилив: service.fan_speed_100: вентилятор на 40 % не дає повітря'),
    ).toBeTruthy()
    // The controller still runs on its own value, shown under the desired one.
    expect(screen.getByText(/контролер працює на 90 %/)).toBeTruthy()
  })

  it('names the groups, parameters, units and hints in English on an English screen', async () => {
    serve({ fan_speed_100: 80, reported_service_settings: DEFAULT_SERVICE_SETTINGS })
    await setLanguage('en')
    show()
    await screen.findByRole('heading', { name: 'Fuel feeder (auger)' }, slow)
    for (const group of ['Fan', 'Ignition', 'Burner cleaning', 'Pumps', 'Fuel'])
      expect(screen.getByRole('heading', { name: group })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Fan speed at 30 %, %' })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Auger pause at 60 %, s' })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Longest ignition time, min' })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Fuel calorific value, kWh/kg' })).toBeTruthy()
    expect(screen.getByText(/With no flame by then, the controller stops the ignition/)).toBeTruthy()
    // The controller's own value, with the unit in English too.
    expect(screen.getByText(/the controller runs at 90 %/)).toBeTruthy()
    expect(document.body.textContent).not.toMatch(/шнека|Вентилятор|кВт·год|хв\b/)
  })
})
