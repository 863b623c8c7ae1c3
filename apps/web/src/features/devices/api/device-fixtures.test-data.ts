import type { ItemAttributes, ItemResource } from '@teplo/domain'

/** An item resource as GET items answers it, for component tests. */
export function itemResource(
  id: string,
  attributes: Partial<ItemAttributes> = {},
  categoryId = '2',
): ItemResource {
  return {
    type: 'items',
    id,
    attributes: {
      name: `Котел ${id}`,
      owner: 'Олена',
      serial_number: `10000${id}`,
      description: 'Київ, вул. Січових Стрільців, 1',
      excerpt: 'Київ, вул. Січових Стрільців, 1',
      status: 'on',
      is_on_homepage: true,
      verification_token: null,
      sync_status: 'synced',
      sync_reason: null,
      burner_mod: false,
      heater_temp: null,
      heater_temp_set: null,
      heater_hysteresis: null,
      boiler_temp: null,
      boiler_temp_set: null,
      boiler_hysteresis: null,
      gas_temp: null,
      gas_temp_min: null,
      gas_temp_max: null,
      burner_power: null,
      burner_power_set: null,
      flame_brightness: null,
      pump_mode: null,
      work_mode: null,
      created_at: '2024-03-05 10:00:00',
      updated_at: '2024-04-01 09:30:00',
      ...attributes,
    },
    relationships: { category: { data: { type: 'categories', id: categoryId } } },
  }
}

export function categoryResource(id: string, name: string) {
  return {
    type: 'categories',
    id,
    attributes: {
      name,
      description: null,
      created_at: '2024-01-01 00:00:00',
      updated_at: '2024-01-01 00:00:00',
    },
  }
}

export function listDocument<T>(data: T[], included: unknown[] = []) {
  const total = data.length
  return {
    data,
    included,
    meta: { page: { currentPage: 1, from: total ? 1 : 0, to: total, perPage: 100, lastPage: 1, total } },
    links: {},
  }
}
