import {
  type CategoryResource,
  categoryResourceSchema,
  type ItemAttributes,
  type ItemResource,
  itemCreatedDocumentSchema,
  itemDocumentSchema,
  itemListDocumentSchema,
  itemResourceSchema,
} from '@teplo/domain'
import type { z } from 'zod'

// Built here and parsed with the shared resource schemas: a fixture that drifts from the wire fails its test.

/** A device type as GET categories (or an `include=category`) answers it. */
export function categoryResource(id: string, name: string): CategoryResource {
  return categoryResourceSchema.parse({
    type: 'categories',
    id,
    attributes: {
      name,
      description: '',
      created_at: '2024-01-01 00:00:00',
      updated_at: '2024-01-01 00:00:00',
    },
    links: { self: `/api/v2/categories/${id}` },
  })
}

/** The type every fixture device has unless told otherwise. */
export const boilerCategory = categoryResource('1', 'Пелетний котел')

/**
 * A device as GET items answers it, for tests: verified but not yet heard from, with the settings the
 * seed gives a new boiler and no readings. Every fixture item is built here, so one check covers them all.
 */
export function itemResource(
  id: string,
  attributes: Partial<ItemAttributes> = {},
  categoryId = boilerCategory.id,
): ItemResource {
  const resource: ItemResource = {
    type: 'items',
    id,
    attributes: {
      name: `Котел ${id}`,
      owner: 'Олена',
      serial_number: `10000${id}`,
      description: 'Київ, вул. Січових Стрільців, 1',
      excerpt: 'Київ, вул. Січових Стрільців, 1',
      status: 'connecting',
      is_on_homepage: false,
      simulated: false,
      power_set: 'on',
      verification_token: null,
      sync_status: 'synced',
      sync_reason: null,
      settings_version: 1,
      applied_version: 1,
      reported_settings: null,
      unsupported_settings: [],
      reported_at: null,
      device_link: null,
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
      schedule_period: null,
      image: null,
      created_at: '2024-03-05 10:00:00',
      updated_at: '2024-04-01 09:30:00',
      last_seen_at: null,
      firmware_version: null,
      access: 'owner',
      ...attributes,
    },
    relationships: { category: { data: { type: 'categories', id: categoryId } } },
    links: { self: `/api/v2/items/${id}` },
  }
  return itemResourceSchema.parse(resource)
}

/** One item as GET, POST or PATCH items/{id} answers it; only a GET with include=category has `included`. */
export function itemDocument(
  item: ItemResource,
  included?: CategoryResource[],
): z.infer<typeof itemDocumentSchema> {
  return itemDocumentSchema.parse(included ? { data: item, included } : { data: item })
}

/** POST items: the new item, and its pairing code in `meta`. */
export function createdItemDocument(item: ItemResource, verificationToken: string) {
  return itemCreatedDocumentSchema.parse({ data: item, meta: { verification_token: verificationToken } })
}

/** A list of items on one page, as GET items?include=category answers it. */
export function itemListDocument(
  items: ItemResource[],
  included: CategoryResource[] = [boilerCategory],
): z.infer<typeof itemListDocumentSchema> {
  const total = items.length
  const link = '/api/v2/items?page[number]=1&page[size]=100'
  return itemListDocumentSchema.parse({
    data: items,
    included,
    meta: { page: { currentPage: 1, from: total ? 1 : 0, to: total, perPage: 100, lastPage: 1, total } },
    links: { first: link, last: link },
  })
}
