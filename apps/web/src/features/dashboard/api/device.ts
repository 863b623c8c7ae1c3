import type { Document, ItemAttributes, ItemResource, Resource } from '@teplo/domain'

/** A device as the dashboard shows it: the wire attributes, its id and its type's name. */
export interface Device extends ItemAttributes {
  id: string
  /** When the controller last reported; null until it has connected once. */
  last_seen_at?: string | null
  /** The owner's on/off wish; it differs from status while the device is off line. */
  power_set?: 'on' | 'off'
  categoryName: string | null
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  devices: (userId: string) => ['dashboard', 'devices', userId] as const,
  device: (id: string) => ['dashboard', 'device', id] as const,
}

function categoryName(resource: ItemResource, included: readonly Resource<unknown>[]): string | null {
  const linked = resource.relationships?.category?.data
  const id = linked && !Array.isArray(linked) ? linked.id : undefined
  const category = included.find((entry) => entry.type === 'categories' && entry.id === id)
  const name = (category?.attributes as { name?: unknown } | undefined)?.name
  return typeof name === 'string' ? name : null
}

export function toDevice(resource: ItemResource, included: readonly Resource<unknown>[] = []): Device {
  return { ...resource.attributes, id: resource.id, categoryName: categoryName(resource, included) }
}

/** Reads one item document, e.g. a PATCH answer or a live update. */
export function deviceFromDocument(document: Document<ItemResource>): Device {
  return toDevice(document.data, document.included)
}

export function isItemDocument(value: unknown): value is Document<ItemResource> {
  if (typeof value !== 'object' || value === null || !('data' in value)) return false
  const data = (value as { data: unknown }).data
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'items' &&
    typeof (data as { id?: unknown }).id === 'string' &&
    typeof (data as { attributes?: unknown }).attributes === 'object'
  )
}
