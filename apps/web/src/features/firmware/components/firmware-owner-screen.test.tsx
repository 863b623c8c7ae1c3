import { firmwareDeviceListDocumentSchema } from '@teplo/domain'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../../lib/i18n'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { FirmwareOwnerScreen } from './firmware-owner-screen'

type Attributes = Record<string, unknown>

const device = (id: string, name: string, attributes: Attributes) => ({
  type: 'firmware-devices',
  id,
  attributes: {
    name,
    serial_number: `10000${id}`,
    status: 'on',
    firmware_version: '1.4.0',
    latest_version: '1.5.0',
    up_to_date: false,
    update: null,
    ...attributes,
  },
  relationships: { category: { data: { type: 'categories', id: '1' } } },
  links: { self: `/api/v2/firmware-devices/${id}` },
})

const update = (state: string, extra: Attributes = {}) => ({
  rollout_id: '3',
  version: '1.5.0',
  state,
  progress: null,
  reason: null,
  updated_at: '2026-11-26 10:00:00',
  ...extra,
})

// Parsed with the contract, so a fixture that drifts from the server's answer fails here.
const document = firmwareDeviceListDocumentSchema.parse({
  data: [
    device('1', 'Котел вдома', { firmware_version: '1.5.0', up_to_date: true }),
    device('2', 'Котел на дачі', {}),
    device('3', 'Котел у майстерні', { update: update('downloading', { progress: 50 }) }),
    device('4', 'Котел у гаражі', {
      update: update('failed', { reason: 'checksum mismatch: expected aa…, got bb…' }),
    }),
    device('5', 'Новий котел', { firmware_version: null, up_to_date: null }),
  ],
})

describe('FirmwareOwnerScreen', () => {
  it("shows each boiler's firmware and whether it is the newest, an update under way and a failed one", async () => {
    const calls = stubFetch(() => ({ status: 200, body: document }))
    renderRoutes([{ path: '/', element: <FirmwareOwnerScreen /> }], '/')
    const card = async (name: string) =>
      within(await screen.findByRole('region', { name }, { timeout: 5000 }))

    expect((await card('Котел вдома')).getByText('Встановлено найновішу версію')).toBeTruthy()
    expect((await card('Котел на дачі')).getByText('Доступна новіша версія 1.5.0')).toBeTruthy()
    expect((await card('Котел у майстерні')).getByText('Оновлення до 1.5.0: Завантажує 50 %')).toBeTruthy()
    const failed = await card('Котел у гаражі')
    expect(
      failed.getByText('Оновлення до 1.5.0 не вдалося: checksum mismatch: expected aa…, got bb…'),
    ).toBeTruthy()
    expect(failed.getByText('Доступна новіша версія 1.5.0')).toBeTruthy()
    const silent = await card('Новий котел')
    expect(silent.getByText('Котел ще не повідомив версію прошивки')).toBeTruthy()
    expect(silent.getByText('Найновіша версія для цього типу: 1.5.0')).toBeTruthy()
    expect(calls[0]!.url).toBe('/api/v2/firmware-devices')
  })

  it('names the update state in English on an English screen', async () => {
    stubFetch(() => ({ status: 200, body: document }))
    await setLanguage('en')
    renderRoutes([{ path: '/', element: <FirmwareOwnerScreen /> }], '/')
    const card = within(await screen.findByRole('region', { name: 'Котел у майстерні' }, { timeout: 5000 }))
    expect(card.getByText('Updating to 1.5.0: Downloading 50 %')).toBeTruthy()
  })
})
