/** What a list of devices asks the server for; screens differ only in these. */
export interface ItemListQuery {
  /** filter[user_id]: whose devices; without it the server answers the caller's own. */
  userId?: string
  /** filter[scope]=all: every account's devices (administrators), unless userId narrows it. */
  everyone?: boolean
  /** The server's sort, e.g. 'name' or '-created_at'; its default order when absent. */
  sort?: string
  /** Ask every cache on the way for a fresh answer (spec §7): no-cache headers and a `_` timestamp. */
  noCache?: boolean
  /** filter[name]: devices whose name contains it (the server searches, so a picker never needs every device). */
  name?: string
  /** page[size] of the first page; every device the server allows on one page when absent. */
  pageSize?: number
}

/**
 * Cache keys of every screen that shows devices. All share the 'items' root, so one invalidation
 * (`itemKeys.all`) refreshes every list and every single device wherever it is shown.
 */
export const itemKeys = {
  all: ['items'] as const,
  lists: () => [...itemKeys.all, 'list'] as const,
  list: (query: ItemListQuery) => [...itemKeys.lists(), query] as const,
  details: () => [...itemKeys.all, 'detail'] as const,
  detail: (id: string) => [...itemKeys.details(), id] as const,
}
