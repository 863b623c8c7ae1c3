/** Cache keys of the device errors screen. */
export const itemErrorKeys = {
  all: ['item-errors'] as const,
  lists: () => [...itemErrorKeys.all, 'list'] as const,
  list: (itemId: string) => [...itemErrorKeys.lists(), itemId] as const,
}
