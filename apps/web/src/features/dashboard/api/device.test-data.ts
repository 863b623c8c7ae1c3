import type { ItemAttributes, ItemResource } from '@teplo/domain'

/** A device as GET items answers it, for tests; values as the seed leaves them before a device reports. */
export function itemResource(
  id: string,
  attributes: Partial<ItemAttributes> & { last_seen_at?: string | null; power_set?: 'on' | 'off' } = {},
) {
  return {
    type: 'items',
    id,
    attributes: {
      name: `Котел ${id}`,
      owner: 'Олена',
      serial_number: `10000${id}`,
      description: 'Київ',
      excerpt: 'Київ',
      status: 'connecting',
      is_on_homepage: false,
      verification_token: null,
      sync_status: 'synced',
      sync_reason: null,
      burner_mod: true,
      heater_temp: null,
      heater_temp_set: 60,
      heater_hysteresis: 5,
      boiler_temp: null,
      boiler_temp_set: 50,
      boiler_hysteresis: 5,
      gas_temp: null,
      gas_temp_min: 80,
      gas_temp_max: 500,
      burner_power: null,
      burner_power_set: 100,
      flame_brightness: null,
      pump_mode: 1,
      work_mode: null,
      created_at: '2025-01-10 08:00:00',
      updated_at: '2025-01-10 08:00:00',
      last_seen_at: null,
      power_set: 'on',
      ...attributes,
    },
    relationships: { category: { data: { type: 'categories', id: '1' } } },
  } satisfies ItemResource
}

export const boilerCategory = { type: 'categories', id: '1', attributes: { name: 'Пелетний котел' } }

export function listDocument(items: ItemResource[]) {
  return {
    data: items,
    included: [boilerCategory],
    meta: {
      page: { currentPage: 1, from: 1, to: items.length, perPage: 100, lastPage: 1, total: items.length },
    },
  }
}
