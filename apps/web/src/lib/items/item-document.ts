import type {
  CategoryAttributes,
  CategoryResource,
  ItemAttributes,
  ItemResource,
  itemDocumentSchema,
  itemListDocumentSchema,
} from '@teplo/domain'
import type { z } from 'zod'

/** One item as GET, POST or PATCH items/{id} answers it, and as a live update carries it. */
export type ItemDocument = z.infer<typeof itemDocumentSchema>
/** A page of items, as GET items answers it. */
export type ItemListDocument = z.infer<typeof itemListDocumentSchema>

/** A device's type as the screens show it. */
export type DeviceCategory = Pick<CategoryResource, 'id'> & Pick<CategoryAttributes, 'name'>

/** A device as every screen shows it: the wire attributes, its id and its type. */
export type Device = ItemAttributes & {
  id: string
  /** Null when the answer did not include the type (PATCH answers and live updates do not). */
  category: DeviceCategory | null
  /** The id of the account the device belongs to, when the answer names it. */
  ownerId?: string | null
}

function categoryOf(item: ItemResource, included: readonly CategoryResource[]): DeviceCategory | null {
  // A live update is guarded, not parsed: read its relationship as if it might be missing.
  const linked = item.relationships?.category?.data
  if (!linked) return null
  const found = included.find((entry) => entry.type === 'categories' && entry.id === linked.id)
  return found ? { id: found.id, name: found.attributes.name } : null
}

/** Joins an item resource with its category from `included`. */
export function toDevice(item: ItemResource, included: readonly CategoryResource[] = []): Device {
  const ownerId = item.relationships?.user?.data?.id ?? null
  return { ...item.attributes, id: item.id, category: categoryOf(item, included), ownerId }
}

/** Reads one item document: a GET, POST or PATCH answer, or a live update. */
export function deviceFromDocument(document: ItemDocument): Device {
  return toDevice(document.data, document.included)
}

/** Reads a list of items, each joined with its category. */
export function devicesFromDocument(document: ItemListDocument): Device[] {
  return document.data.map((item) => toDevice(item, document.included))
}

/** Devices that have been verified: a pending one has never reported, so it has no data and no errors. */
export function withoutPending<T extends Pick<Device, 'status'>>(devices: readonly T[]): T[] {
  return devices.filter((device) => device.status !== 'pending')
}

/** Guards a live update before it is written into the cache. */
export function isItemDocument(value: unknown): value is ItemDocument {
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
