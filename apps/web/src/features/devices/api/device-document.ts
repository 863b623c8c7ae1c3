import type { CategoryResource, ItemAttributes, ItemResource, Resource } from '@teplo/domain'

/** A device as the management screens show it: its wire attributes plus its type. */
export type Device = ItemAttributes & {
  id: string
  category: { id: string; name: string } | null
}

function categoryOf(item: ItemResource, included: readonly Resource<unknown>[]): Device['category'] {
  const linked = item.relationships?.category?.data
  if (!linked || Array.isArray(linked)) return null
  const found = included.find((entry) => entry.type === 'categories' && entry.id === linked.id) as
    | CategoryResource
    | undefined
  return { id: linked.id, name: found?.attributes.name ?? '' }
}

/** Joins an item resource with its category from `included`. */
export function toDevice(item: ItemResource, included: readonly Resource<unknown>[] = []): Device {
  return { ...item.attributes, id: item.id, category: categoryOf(item, included) }
}

/** Cache keys of the device screens; the list and each device share the 'devices' root. */
export const deviceKeys = {
  all: ['devices'] as const,
  list: () => [...deviceKeys.all, 'list'] as const,
  one: (id: string) => [...deviceKeys.all, 'one', id] as const,
  types: () => [...deviceKeys.all, 'types'] as const,
}
