/** Cache keys of the device errors screen. */
export const itemErrorKeys = {
  all: ['item-errors'] as const,
  lists: () => [...itemErrorKeys.all, 'list'] as const,
  list: (itemId: string) => [...itemErrorKeys.lists(), itemId] as const,
  /** The number of a device's active faults (the menu's count). */
  count: (itemId: string) => [...itemErrorKeys.all, 'count', itemId] as const,
}
